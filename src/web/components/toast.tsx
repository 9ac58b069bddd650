import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Toast } from 'radix-ui';
import { cn } from '../lib/cn';
import { alertTones } from './alert';
import { XIcon } from './icons';

export type ToastTone = 'success' | 'error' | 'info';
/** A button inside a toast, e.g. Undo after removing a photo. */
export interface ToastAction {
  label: string;
  onAction(): void;
}
export type Notify = (tone: ToastTone, text: string, action?: ToastAction) => void;

interface ToastMessage {
  id: number;
  tone: ToastTone;
  text: string;
  action?: ToastAction;
}

/** Where notices float: under the header, across a phone's screen, at the top right of a wider one. */
const FLOATING = 'fixed inset-x-3 top-[4.5rem] z-[70] mx-auto max-w-xl sm:left-auto sm:right-6 sm:mx-0 sm:w-96';
/**
 * Where they float over an open dialog: as on the page on a phone (below a full-screen sheet's header), centred on a
 * wider screen. At the top right they lay over a centred sheet's Close button for the six seconds a notice shows, and
 * a click there dismissed the notice instead of closing the sheet.
 */
const OVER_DIALOG = 'fixed inset-x-3 top-[4.5rem] z-[70] mx-auto max-w-xl sm:w-96';

/** Successes and information fade after this long; errors stay until the seller dismisses them. */
const FADE_MS = 6000;
const MAX_SHOWN = 4;

const NotifyContext = createContext<Notify | null>(null);

/**
 * Where the notices are shown instead of floating over the page: a screen's own layout (ToastDock), or an open dialog
 * (DialogToasts). A modal dialog makes the page behind it inert and hidden from assistive technology: notices floating
 * there could be seen over the sheet but not read out, and a tap on their Dismiss went through to the sheet under it.
 */
type HostKind = 'dock' | 'dialog';
interface ToastHost {
  element: HTMLElement;
  kind: HostKind;
  /** A dialog's closing, for Escape: the notices inside it must not take the Escape meant for the dialog. */
  close?: () => void;
}
const HostsContext = createContext<((host: ToastHost) => () => void) | null>(null);

/** The host the notices go to: the dialog opened last, else the screen's dock, else none (they float). */
function currentHost(hosts: readonly ToastHost[]): ToastHost | null {
  return hosts.findLast((host) => host.kind === 'dialog') ?? hosts.findLast((host) => host.kind === 'dock') ?? null;
}

/** A ref for an element hosting the notices while it is mounted (none without a ToastProvider above it). */
function useToastHost(kind: HostKind, close?: () => void) {
  const addHost = useContext(HostsContext);
  const removeHost = useRef<(() => void) | null>(null);
  const closeNow = useRef(close);
  useLayoutEffect(() => {
    closeNow.current = close;
  });
  const ref = useCallback(
    (element: HTMLElement | null) => {
      removeHost.current?.();
      removeHost.current = element && addHost ? addHost({ element, kind, close: () => closeNow.current?.() }) : null;
    },
    [addHost, kind],
  );
  return addHost ? ref : null;
}

/**
 * The one toast system (Radix Toast): `useToast()` anywhere below it shows a message. The same text twice shows
 * once (the newer), at most four at a time.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const nextId = useRef(1);
  const notify = useCallback<Notify>((tone, text, action) => {
    const id = nextId.current++;
    setToasts((list) => [...list.filter((t) => t.text !== text), { id, tone, text, action }].slice(-MAX_SHOWN));
  }, []);
  const [hosts, setHosts] = useState<ToastHost[]>([]);
  const addHost = useCallback((host: ToastHost) => {
    setHosts((list) => [...list, host]);
    return () => setHosts((list) => list.filter((kept) => kept !== host));
  }, []);
  const host = currentHost(hosts);
  const { noteLeaving, keepStill } = useDockStillness(host?.kind === 'dock' ? host.element : null);
  /**
   * Each notice is a layer that Escape closes, the newest first; moved into a dialog, it is newer than the dialog. Escape
   * pressed in the dialog (not on a notice) closes the dialog, as it does with no notice showing.
   */
  const escapeInDialog = (event: KeyboardEvent) => {
    if (host?.kind !== 'dialog' || !host.close || (event.target instanceof Node && host.element.contains(event.target))) return;
    event.preventDefault();
    host.close();
  };
  const dismiss = useCallback(
    (id: number) => {
      noteLeaving();
      setToasts((list) => list.filter((t) => t.id !== id));
    },
    [noteLeaving],
  );
  useLayoutEffect(() => keepStill(), [toasts, keepStill]);

  return (
    <Toast.Provider swipeDirection="right" duration={FADE_MS}>
      <HostsContext.Provider value={addHost}>
        <NotifyContext.Provider value={notify}>{children}</NotifyContext.Provider>
      </HostsContext.Provider>
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          type={toast.tone === 'error' ? 'foreground' : 'background'}
          duration={toast.tone === 'error' ? Infinity : FADE_MS}
          onOpenChange={(open) => !open && dismiss(toast.id)}
          onEscapeKeyDown={escapeInDialog}
          className={cn('flex items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-md', alertTones[toast.tone])}
        >
          <Toast.Description className="min-w-0 flex-1 self-center">{toast.text}</Toast.Description>
          {toast.action && (
            <Toast.Action
              altText={toast.action.label}
              onClick={toast.action.onAction}
              className="-my-2 min-h-11 min-w-11 rounded-lg px-3 font-semibold underline underline-offset-2 hover:bg-black/5"
            >
              {toast.action.label}
            </Toast.Action>
          )}
          <Toast.Close
            aria-label="Dismiss"
            className="-my-2 -mr-2 flex size-11 items-center justify-center rounded-lg opacity-70 hover:opacity-100"
          >
            <XIcon className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {host ? (
        createPortal(<Toast.Viewport data-testid="toasts" className="flex flex-col gap-2 outline-none empty:hidden" />, host.element)
      ) : (
        <Toast.Viewport data-testid="toasts" className={cn(FLOATING, 'flex flex-col gap-2 outline-none')} />
      )}
    </Toast.Provider>
  );
}

/** Shows a message to the seller: `notify('success', text)`. */
export function useToast(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useToast needs a ToastProvider above it');
  return notify;
}

/**
 * Shows the notices here, in the screen's own flow, while it is mounted: they push the content down instead of
 * covering it (a long list of cards on a phone). One leaving does not pull the content up (useDockStillness).
 */
export function ToastDock({ className }: { className?: string }) {
  const host = useToastHost('dock');
  if (!host) throw new Error('ToastDock needs a ToastProvider above it');
  return <div ref={host} className={className} data-testid="toast-dock" />;
}

/**
 * Shows the notices inside an open dialog, where they float over a page (a sheet is not transformed, so `fixed` is the
 * screen's): there the seller can read them, dismiss them (an error stays until then) and a screen reader reaches them. Each dialog renders one; the one opened
 * last holds them, and they go back where they were when it closes.
 */
export function DialogToasts({ className = OVER_DIALOG, onClose }: { className?: string; onClose(): void }) {
  const host = useToastHost('dialog', onClose);
  // A dialog outside the provider (a component's own test) has no notices to hold.
  if (!host) return null;
  return <div ref={host} className={className} data-testid="dialog-toasts" />;
}

/**
 * A docked notice leaving must not pull what is under the dock up under the seller's thumb: a tap as a notice faded
 * landed 54 px lower on the card, on the next button (a phone, the eBay screen). So, while the dock is in the upper
 * half of the screen (what is under it is most of what the seller sees: the list it heads), the page is scrolled back
 * by what the dock lost, to where it was less that (the browser may have clamped it already, at the foot of the page).
 * Lower down, what is above it stays put, as before. The browser's own scroll anchoring is off while a dock is shown:
 * it anchored on whatever was at the top of the screen, above the dock or below, and would add its scroll to this one.
 */
function useDockStillness(dock: HTMLElement | null) {
  const before = useRef<{ scrollY: number; height: number } | null>(null);
  useEffect(() => {
    if (!dock) return;
    const root = document.documentElement;
    const anchoring = root.style.overflowAnchor;
    root.style.overflowAnchor = 'none';
    return () => {
      root.style.overflowAnchor = anchoring;
    };
  }, [dock]);
  const noteLeaving = useCallback(() => {
    if (dock && !before.current) before.current = { scrollY: window.scrollY, height: dock.getBoundingClientRect().height };
  }, [dock]);
  const keepStill = useCallback(() => {
    const was = before.current;
    before.current = null;
    if (!was || !dock) return;
    const lost = was.height - dock.getBoundingClientRect().height;
    if (lost <= 0 || dock.getBoundingClientRect().top >= window.innerHeight / 2) return;
    const top = Math.max(0, was.scrollY - lost);
    if (Math.abs(window.scrollY - top) > 0.5) window.scrollTo({ top, behavior: 'instant' });
  }, [dock]);
  return { noteLeaving, keepStill };
}
