import type { ListingItem } from '@shared/contracts/listings';

type Evidence = NonNullable<ListingItem['aiEvidence']>[string];

/** Where the AI read an attribute: the photo (so the seller can check it) or "inferred". */
export function EvidenceChip({ evidence }: { evidence?: Evidence }) {
  if (!evidence) return <span className="text-xs text-slate-400">no evidence given</span>;
  const fromPhoto = evidence.source === 'photo' && evidence.photo !== undefined;
  return (
    <span
      className={
        fromPhoto
          ? 'inline-block max-w-full rounded-md bg-sky-50 px-1.5 py-0.5 text-xs leading-snug text-sky-800 ring-1 ring-inset ring-sky-200'
          : 'inline-block max-w-full rounded-md bg-amber-50 px-1.5 py-0.5 text-xs leading-snug text-amber-800 ring-1 ring-inset ring-amber-200'
      }
      title={evidence.note}
    >
      <span className="font-semibold">{fromPhoto ? `Photo ${evidence.photo! + 1}` : 'Inferred'}</span>
      {evidence.note ? ` · ${evidence.note}` : ''}
    </span>
  );
}
