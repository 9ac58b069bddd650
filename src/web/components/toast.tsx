import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { Toast } from 'radix-ui';
import { cn } from '../lib/cn';
import { alertTones } from './alert';
import { XIcon } from './icons';

export type ToastTone = 'success' | 'error' | 'info';
export type Notify = (tone: ToastTone, text: string) => void;

interface ToastMessage {
  id: number;
  tone: ToastTone;
  text: string;
}

/** Successes and information fade after this long; errors stay until the seller dismisses them. */
const FADE_MS = 6000;
const MAX_SHOWN = 4;

const NotifyContext = createContext<Notify | null>(null);

/**
 * The one toast system (Radix Toast): `useToast()` anywhere below it shows a message. The same text twice shows
 * once (the newer), at most four at a time.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const nextId = useRef(1);
  const notify = useCallback<Notify>((tone, text) => {
    const id = nextId.current++;
    setToasts((list) => [...list.filter((t) => t.text !== text), { id, tone, text }].slice(-MAX_SHOWN));
  }, []);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  return (
    <Toast.Provider swipeDirection="right" duration={FADE_MS}>
      <NotifyContext.Provider value={notify}>{children}</NotifyContext.Provider>
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          type={toast.tone === 'error' ? 'foreground' : 'background'}
          duration={toast.tone === 'error' ? Infinity : FADE_MS}
          onOpenChange={(open) => !open && dismiss(toast.id)}
          className={cn('flex items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-md', alertTones[toast.tone])}
        >
          <Toast.Description className="min-w-0 flex-1">{toast.text}</Toast.Description>
          <Toast.Close aria-label="Dismiss" className="-m-1 rounded-lg p-1 opacity-70 hover:opacity-100">
            <XIcon className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        data-testid="toasts"
        className="fixed inset-x-3 top-[4.5rem] z-[70] mx-auto flex max-w-xl flex-col gap-2 outline-none sm:left-auto sm:right-6 sm:mx-0 sm:w-96"
      />
    </Toast.Provider>
  );
}

/** Shows a message to the seller: `notify('success', text)`. */
export function useToast(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useToast needs a ToastProvider above it');
  return notify;
}
