import { lazy, Suspense } from 'react';
import type { AssistedHandoverProps } from './assisted-handover';

/** The sheet (with the zip library) loads when a seller first opens one. */
const Sheet = lazy(() => import('./assisted-handover').then((m) => ({ default: m.AssistedHandover })));

/**
 * The hand-over sheet for other features (the channel picker, "Other marketplaces"): the same props as
 * `AssistedHandover`, loaded on first open; closed, it renders nothing and loads nothing.
 */
export function LazyAssistedHandover(props: AssistedHandoverProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <Sheet {...props} />
    </Suspense>
  );
}
