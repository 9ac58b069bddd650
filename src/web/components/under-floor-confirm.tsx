import { useEffect, useRef } from 'react';
import { ApiError } from '../lib/api-client';
import { Button } from './button';

/** A price the server refused as under the seller's profit floor (409 UNDER_FLOOR): what it would lose, and a way on. */
export interface UnderFloor {
  message: string;
  /** Sends the same price again, confirmed. */
  keep(): void;
}

export const underFloorWords = {
  title: 'Under your profit floor',
  keep: 'Keep this price',
  change: 'Change it',
} as const;

/** The refusal as an UnderFloor, when it is one (decision 121); null for any other error. */
export function underFloorOf(error: unknown, keep: () => void): UnderFloor | null {
  return error instanceof ApiError && error.code === 'UNDER_FLOOR' ? { message: error.message, keep } : null;
}

/**
 * The seller's own price under their floor: what they would lose, said before anything is saved or sent, with the
 * choice to keep the price (sent again, confirmed) or to change it.
 */
export function UnderFloorConfirm({ underFloor, busy = false, onChange }: { underFloor: UnderFloor; busy?: boolean; onChange(): void }) {
  const keep = useRef<HTMLButtonElement>(null);
  // Said where the seller is looking: brought into view with its first choice focused (the Save they pressed may sit
  // a screen away on a phone).
  useEffect(() => {
    keep.current?.scrollIntoView({ block: 'nearest' });
    keep.current?.focus({ preventScroll: true });
  }, [underFloor]);
  return (
    <div
      role="alertdialog"
      aria-label={underFloorWords.title}
      aria-describedby="under-floor-message"
      className="flex w-full flex-col gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300"
      data-testid="under-floor-confirm"
    >
      <p className="font-semibold">{underFloorWords.title}</p>
      <p id="under-floor-message">{underFloor.message}.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button ref={keep} size="sm" className="h-11 sm:h-9" loading={busy} onClick={underFloor.keep}>
          {underFloorWords.keep}
        </Button>
        <Button size="sm" variant="secondary" className="h-11 sm:h-9" disabled={busy} onClick={onChange}>
          {underFloorWords.change}
        </Button>
      </div>
    </div>
  );
}
