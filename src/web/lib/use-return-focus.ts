import { useLayoutEffect, useRef } from 'react';

/**
 * A Radix dialog's `onCloseAutoFocus` that gives focus back to what had it when the dialog opened. Radix does so only
 * for its own Trigger, and most of this app's dialogs open from a card's button or a menu, controlled by `open`: focus
 * then fell to the page, and a keyboard or screen-reader user had to find their place again.
 */
export function useReturnFocus(open: boolean, onCloseAutoFocus?: (event: Event) => void): (event: Event) => void {
  const opener = useRef<Element | null>(null);
  // Runs before Radix moves focus into the dialog (its own effect), so this is what had focus as it opened.
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement;
  }, [open]);
  return (event) => {
    onCloseAutoFocus?.(event);
    const element = opener.current;
    if (event.defaultPrevented || !(element instanceof HTMLElement) || !element.isConnected || element === document.body) return;
    event.preventDefault();
    element.focus();
  };
}
