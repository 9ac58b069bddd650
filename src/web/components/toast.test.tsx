import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { Sheet, SheetHeader } from './sheet';
import { ToastDock, ToastProvider, useToast, type ToastTone } from './toast';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function Notifier({ tone, text }: { tone: ToastTone; text: string }) {
  const notify = useToast();
  return (
    <button type="button" onClick={() => notify(tone, text)}>
      {`${tone}: ${text}`}
    </button>
  );
}

function renderNotifiers() {
  render(
    <ToastProvider>
      <Notifier tone="success" text="Listing deleted successfully" />
      <Notifier tone="error" text="Failed to delete listing" />
    </ToastProvider>,
  );
  const toasts = () => screen.getByTestId('toasts');
  return { toasts, click: (name: string) => fireEvent.click(screen.getByRole('button', { name })) };
}

describe('toasts', () => {
  it('fades a success after a few seconds and keeps an error until it is dismissed', () => {
    vi.useFakeTimers();
    const { toasts, click } = renderNotifiers();
    click('success: Listing deleted successfully');
    click('error: Failed to delete listing');
    expect(toasts().textContent).toContain('Listing deleted successfully');
    act(() => {
      vi.advanceTimersByTime(6500);
    });
    expect(toasts().textContent).not.toContain('Listing deleted successfully');
    expect(toasts().textContent).toContain('Failed to delete listing');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(toasts().textContent).not.toContain('Failed to delete listing');
  });

  it('shows the same text once', () => {
    const { toasts, click } = renderNotifiers();
    click('error: Failed to delete listing');
    click('error: Failed to delete listing');
    expect(toasts().querySelectorAll('li')).toHaveLength(1);
  });

  it('needs its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Notifier tone="info" text="x" />)).toThrow('useToast needs a ToastProvider above it');
  });
});

describe('ToastDock', () => {
  it('shows the notices inside the screen that docks them, and floating again once it is gone', () => {
    function Screen({ docked }: { docked: boolean }) {
      return (
        <main data-testid="screen">
          {docked && <ToastDock />}
          <Notifier tone="success" text="Listing deleted successfully" />
        </main>
      );
    }
    const { rerender } = render(
      <ToastProvider>
        <Screen docked />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'success: Listing deleted successfully' }));
    const dock = screen.getByTestId('toast-dock');
    expect(dock.contains(screen.getByTestId('toasts'))).toBe(true);
    expect(dock.textContent).toContain('Listing deleted successfully');
    rerender(
      <ToastProvider>
        <Screen docked={false} />
      </ToastProvider>,
    );
    expect(screen.getByTestId('toasts').className).toContain('fixed');
  });
});

describe('notices while a dialog is open', () => {
  /** A screen with its dock, a sheet, and inside it a confirmation; each can notify. */
  function Screen({ sheet, confirm }: { sheet: boolean; confirm: boolean }) {
    return (
      <main>
        <ToastDock />
        <Notifier tone="success" text="Business policies created successfully" />
        <Sheet open={sheet} onOpenChange={() => undefined} aria-describedby={undefined}>
          <SheetHeader title="Default location" />
          <Notifier tone="error" text="Could not save the location" />
          <ConfirmDialog
            open={confirm}
            onOpenChange={() => undefined}
            title="Leave?"
            message="Leave?"
            confirmLabel="Leave"
            onConfirm={() => undefined}
          />
        </Sheet>
      </main>
    );
  }
  const renderScreen = (state: { sheet: boolean; confirm: boolean }) => (
    <ToastProvider>
      <Screen {...state} />
    </ToastProvider>
  );

  it('shows them in the dialog, where the seller can read and dismiss them: the page behind is hidden and inert', () => {
    const { rerender } = render(renderScreen({ sheet: false, confirm: false }));
    fireEvent.click(screen.getByRole('button', { name: 'success: Business policies created successfully' }));
    expect(screen.getByTestId('toast-dock').textContent).toContain('Business policies created successfully');

    // The seller opens the next sheet while the notice is still there: it moves into the sheet.
    rerender(renderScreen({ sheet: true, confirm: false }));
    const sheet = screen.getByRole('dialog', { name: 'Default location' });
    expect(within(sheet).getByTestId('toasts').textContent).toContain('Business policies created successfully');
    fireEvent.click(within(sheet).getByRole('button', { name: 'error: Could not save the location' }));
    expect(within(sheet).getByTestId('toasts').textContent).toContain('Could not save the location');
    // An error stays until dismissed: its Dismiss is reachable inside the sheet, and the sheet stays open.
    const error = within(sheet)
      .getAllByRole('listitem')
      .find((item) => item.textContent?.includes('Could not save the location'))!;
    fireEvent.click(within(error).getByRole('button', { name: 'Dismiss' }));
    expect(within(sheet).getByTestId('toasts').textContent).not.toContain('Could not save the location');
    expect(screen.getByRole('dialog', { name: 'Default location' })).toBeTruthy();

    // A confirmation over the sheet holds them while it is open, above its box; then the sheet again, then the dock.
    rerender(renderScreen({ sheet: true, confirm: true }));
    const confirm = screen.getByRole('alertdialog', { name: 'Leave?' });
    expect(within(confirm).getByTestId('toasts').textContent).toContain('Business policies created successfully');
    rerender(renderScreen({ sheet: true, confirm: false }));
    expect(within(screen.getByRole('dialog', { name: 'Default location' })).getByTestId('toasts').textContent).toContain(
      'Business policies created successfully',
    );
    rerender(renderScreen({ sheet: false, confirm: false }));
    expect(screen.getByTestId('toast-dock').textContent).toContain('Business policies created successfully');
  });

  it('Escape in the dialog closes the dialog, not the notice shown in it (each notice is a layer newer than the dialog)', () => {
    function Page() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <Notifier tone="success" text="TOP-1 sold on Depop" />
          <Sheet open={open} onOpenChange={setOpen} aria-describedby={undefined}>
            <SheetHeader title="Cost and profit" />
            <input aria-label="Cost" />
          </Sheet>
        </>
      );
    }
    render(
      <ToastProvider>
        <Page />
      </ToastProvider>,
    );
    const sheet = screen.getByRole('dialog', { name: 'Cost and profit' });
    act(() => {
      // The notice arrives while the sheet is open (a sale pushed in), the seller typing in the sheet.
      fireEvent.click(screen.getByRole('button', { name: 'success: TOP-1 sold on Depop', hidden: true }));
    });
    expect(within(sheet).getByTestId('toasts').textContent).toContain('TOP-1 sold on Depop');
    const cost = within(sheet).getByRole('textbox', { name: 'Cost' });
    cost.focus();
    fireEvent.keyDown(cost, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Cost and profit' })).toBeNull();
    expect(screen.getByTestId('toasts').textContent).toContain('TOP-1 sold on Depop');
  });
});
