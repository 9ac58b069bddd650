import { useCallback, useEffect, useRef, type PointerEvent } from 'react';

/** How long a finger rests on a tile before it counts as a long-press (phone galleries use about 500 ms). */
export const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling, not pressing. */
const MOVE_TOLERANCE_PX = 10;

/**
 * Touch long-press on one element: calls onLongPress after LONG_PRESS_MS without lifting or moving the finger, and
 * swallows the click (and the context menu) that the same touch produces afterwards. Mouse and pen are left alone.
 */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);

  const onPointerDown = useCallback(
    (event: PointerEvent) => {
      fired.current = false;
      if (event.pointerType !== 'touch') return;
      cancel();
      start.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        timer.current = null;
        fired.current = true;
        onLongPress();
      }, LONG_PRESS_MS);
    },
    [cancel, onLongPress],
  );

  const onPointerMove = useCallback(
    (event: PointerEvent) => {
      const from = start.current;
      if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > MOVE_TOLERANCE_PX) cancel();
    },
    [cancel],
  );

  /** True once for the click that ends a long-press: the caller ignores that click. */
  const consumeClick = useCallback(() => {
    const was = fired.current;
    fired.current = false;
    return was;
  }, []);

  return {
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: cancel,
      onPointerCancel: cancel,
      onContextMenu: (event: { preventDefault(): void }) => {
        if (fired.current || start.current) event.preventDefault();
      },
    },
    consumeClick,
  };
}
