import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../lib/cn';

const itemSelector = '[role="menuitem"]:not([disabled])';

/**
 * A menu button (WAI-ARIA menu button pattern) whose menu is a sheet at the bottom of the screen, in thumb reach:
 * arrows, Home and End move between items, Escape or Tab or a tap outside closes it, and focus goes back to the
 * button, also when an item is chosen (before the item acts, so that a dialog it opens returns focus there too).
 * The items stay mounted while it is closed (hidden): one may hold a file input or a request still running.
 * Children are buttons with role="menuitem" and tabIndex -1.
 */
export function MenuButton({
  label,
  trigger,
  className,
  children,
}: {
  label: string;
  trigger: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>(itemSelector) ?? [])];
  function close() {
    setOpen(false);
    button.current?.focus();
  }

  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>(itemSelector)?.focus();
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => all[(index + all.length) % all.length]?.focus();
    if (event.key === 'Escape' || event.key === 'Tab') close();
    else if (event.key === 'ArrowDown') moveTo(at + 1);
    else if (event.key === 'ArrowUp') moveTo(at - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(all.length - 1);
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  function onItemClick(event: MouseEvent<HTMLDivElement>) {
    if ((event.target as Element).closest(itemSelector)) close();
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((was) => !was)}
        className={className}
      >
        {trigger}
      </button>
      {createPortal(
        <div hidden={!open}>
          {/* The backdrop is for touch and mouse; the keyboard closes with Escape. */}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
          <div className="fixed inset-0 z-40 bg-slate-900/40" onClick={close} data-testid="menu-backdrop" />
          <div
            ref={menu}
            id={menuId}
            role="menu"
            aria-label={label}
            tabIndex={-1}
            onKeyDown={onKeyDown}
            onClickCapture={onItemClick}
            className={cn(
              'fixed inset-x-0 bottom-0 z-50 flex flex-col gap-1 rounded-t-2xl bg-white p-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-2xl',
              '[&_[role=menuitem]]:min-h-12 [&_[role=menuitem]]:w-full [&_[role=menuitem]]:justify-start [&_[role=menuitem]]:px-4 [&_[role=menuitem]]:text-left [&_[role=menuitem]]:text-base',
            )}
          >
            <p className="px-4 pb-1 pt-2 text-sm font-semibold text-slate-500" aria-hidden="true">
              {label}
            </p>
            {children}
          </div>
        </div>,
        document.body,
      )}
    </>
  );
}
