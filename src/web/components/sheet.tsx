import type { ComponentPropsWithoutRef, FormEvent, ReactNode, Ref } from 'react';
import { Dialog } from 'radix-ui';
import { cn } from '../lib/cn';
import { useBackCloses } from '../lib/use-back-closes';
import { useReturnFocus } from '../lib/use-return-focus';
import { Alert } from './alert';
import { Button } from './button';
import { XIcon } from './icons';
import { DialogToasts } from './toast';

type Layout = 'responsive' | 'fullscreen';
type Size = 'md' | 'lg';

const frames: Record<Layout, string> = {
  // Phones get the whole screen (room for thumbs and the keyboard); desktops a centred box over the page, centred by
  // its margins, not a transform: a transformed box would hold its notices' `fixed` (DialogToasts) to itself.
  responsive: 'inset-0 bg-white sm:m-auto sm:rounded-2xl sm:shadow-2xl',
  // The camera and the photo editor use every pixel on every screen.
  fullscreen: 'inset-0',
};

const sizes: Record<Size, string> = {
  md: 'sm:h-fit sm:max-h-[90dvh] sm:w-[min(94vw,36rem)]',
  lg: 'sm:h-[min(90dvh,860px)] sm:w-[min(94vw,980px)]',
};

export interface SheetProps extends Omit<ComponentPropsWithoutRef<typeof Dialog.Content>, 'title'> {
  open: boolean;
  onOpenChange(open: boolean): void;
  layout?: Layout;
  /** Desktop size of a responsive sheet. */
  size?: Size;
  /** A sheet opened from inside another sheet sits above it. */
  stacked?: boolean;
  children: ReactNode;
}

/**
 * The one dialog (Radix Dialog: focus trapped, Escape and the browser's Back close it, the page behind is inert): full screen on a phone and
 * centred on a desktop, or full screen everywhere. Its content names it with SheetTitle (or SheetHeader). Closed, it
 * gives focus back to what had it when it opened (Radix does so only for its own Trigger, and most sheets open from a
 * card's button or a menu).
 */
export function Sheet({
  open,
  onOpenChange,
  layout = 'responsive',
  size = 'md',
  stacked = false,
  className,
  children,
  onCloseAutoFocus,
  ...contentProps
}: SheetProps) {
  const returnFocus = useReturnFocus(open, onCloseAutoFocus);
  useBackCloses(open, () => onOpenChange(false));
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        {layout === 'responsive' && <Dialog.Overlay className={cn('fixed inset-0 bg-slate-900/60', stacked ? 'z-[55]' : 'z-40')} />}
        <Dialog.Content
          {...contentProps}
          onCloseAutoFocus={returnFocus}
          className={cn(
            'fixed flex flex-col outline-none',
            stacked ? 'z-[60]' : 'z-50',
            frames[layout],
            layout === 'responsive' && sizes[size],
            className,
          )}
        >
          {children}
          <DialogToasts onClose={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const SheetTitle = Dialog.Title;
export const SheetDescription = Dialog.Description;
export const SheetClose = Dialog.Close;

/** The usual top of a light sheet: title, one line of description and a close button. */
export function SheetHeader({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <header className="flex items-start gap-3 border-b border-slate-200 px-4 pb-3 pt-[max(0.75rem,env(safe-area-inset-top))] sm:px-6 sm:pt-4">
      <div className="min-w-0 flex-1">
        <SheetTitle className="text-lg font-bold tracking-tight text-slate-900">{title}</SheetTitle>
        {description && <SheetDescription className="mt-0.5 text-sm text-slate-500">{description}</SheetDescription>}
      </div>
      <SheetClose asChild>
        <Button variant="ghost" size="sm" aria-label="Close" className="-mr-2">
          <XIcon className="size-5" />
        </Button>
      </SheetClose>
    </header>
  );
}

/** The foot's layouts: Cancel and the action stacked on a phone (the action on top), side by side on a desktop; or right-aligned. */
const footerLayouts = {
  actions: 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
  end: 'flex justify-end gap-2',
  free: '',
} as const;

/** A sheet's foot: above its top line, clear of a phone's home bar (the safe area); `layout` places its buttons. */
export function SheetFooter({
  layout = 'actions',
  className,
  children,
}: {
  layout?: keyof typeof footerLayouts;
  className?: string;
  children: ReactNode;
}) {
  return (
    <footer
      className={cn(
        'border-t border-slate-200 px-4 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3 sm:px-6',
        footerLayouts[layout],
        className,
      )}
    >
      {children}
    </footer>
  );
}

/** The foot of a form in a sheet: Cancel (closes it) and the form's submit button, stacked on a phone. */
export function SheetFormFooter({
  submit,
  pending,
  disabled,
  onCancel,
  submitTestId,
}: {
  /** The submit button's words ("Save Location"). */
  submit: string;
  pending: boolean;
  disabled?: boolean;
  onCancel(): void;
  submitTestId?: string;
}) {
  return (
    <SheetFooter>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={pending} disabled={disabled} data-testid={submitTestId}>
        {submit}
      </Button>
    </SheetFooter>
  );
}

/**
 * A sheet's form: its fields (`children`) scrolling above the foot's Cancel and submit, and the save's refusal
 * (`error`) under the fields, brought into view.
 */
export function SheetForm({
  ref,
  onSubmit,
  noValidate,
  error,
  children,
  ...footer
}: Parameters<typeof SheetFormFooter>[0] & {
  ref?: Ref<HTMLFormElement>;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  noValidate?: boolean;
  /** The save's refusal in words; null or undefined: none. */
  error: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <form ref={ref} onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col" noValidate={noValidate}>
      <div className="flex flex-1 flex-col gap-4 overflow-y-auto px-4 py-4 sm:px-6">
        {children}
        {error != null && (
          <Alert tone="error" reveal>
            {error}
          </Alert>
        )}
      </div>
      <SheetFormFooter {...footer} />
    </form>
  );
}
