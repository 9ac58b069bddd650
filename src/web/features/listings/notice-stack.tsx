import { Alert } from '../../components/alert';
import { XIcon } from '../../components/icons';
import type { Notice } from './use-notices';

export function NoticeStack({ notices, onDismiss }: { notices: Notice[]; onDismiss(id: number): void }) {
  if (notices.length === 0) return null;
  return (
    <div className="sticky top-[4.5rem] z-20 mb-4 flex flex-col gap-2" data-testid="listing-notices">
      {notices.map((n) => (
        <Alert
          key={n.id}
          tone={n.tone}
          className="shadow-md"
          action={
            <button type="button" onClick={() => onDismiss(n.id)} aria-label="Dismiss" className="-m-1 rounded-lg p-1 opacity-70 hover:opacity-100">
              <XIcon className="size-4" />
            </button>
          }
        >
          {n.text}
        </Alert>
      ))}
    </div>
  );
}
