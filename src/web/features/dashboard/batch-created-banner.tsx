import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { DashboardLocationState } from '@/app/config/paths';
import { CheckIcon } from '@/components/icons';

/** The success banner shows for 5 seconds. */
export const BANNER_MS = 5000;

/**
 * The green "Product batch created successfully" banner after the capture screen created a batch. The navigation
 * state that asked for it is cleared at once, so a reload or Back does not show it again.
 */
export function BatchCreatedBanner() {
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState(() => Boolean((location.state as DashboardLocationState | null)?.batchCreated));

  useEffect(() => {
    if ((location.state as DashboardLocationState | null)?.batchCreated) {
      setShown(true);
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [location, navigate]);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(false), BANNER_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  if (!shown) return null;
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-xl border border-emerald-300 bg-emerald-500 px-4 py-3 text-sm font-semibold text-white shadow-sm"
      data-testid="batch-created-banner"
    >
      <CheckIcon className="size-5 shrink-0" />
      Product batch created successfully
    </div>
  );
}
