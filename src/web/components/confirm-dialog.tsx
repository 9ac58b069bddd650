import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { useBackCloses } from '../lib/use-back-closes';
import { useReturnFocus } from '../lib/use-return-focus';
import { Button } from './button';
import { DialogToasts } from './toast';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  /** The question, word for word. */
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  onConfirm(): void;
}

/**
 * The one confirmation dialog (Radix AlertDialog): focus stays inside, Escape, Cancel and Back close it, and focus goes back
 * to what opened it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  onConfirm,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus(open);
  useBackCloses(open, () => onOpenChange(false));
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-sm" />
        <AlertDialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed inset-0 z-50 m-auto h-fit w-[min(92vw,28rem)] rounded-2xl bg-white p-6 shadow-2xl outline-none"
        >
          <AlertDialog.Title className="text-lg font-bold tracking-tight text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm leading-relaxed text-slate-600">{message}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant={tone} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
          <DialogToasts onClose={() => onOpenChange(false)} />
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
