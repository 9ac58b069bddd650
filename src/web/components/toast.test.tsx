import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
