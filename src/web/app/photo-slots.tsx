import { lazy, Suspense } from 'react';
import { AddPhotosButton } from '../features/photos/add-photos-button';
import type { ManagePhotosDialogProps } from '../features/photos/manage-photos-dialog';

/** The dialog (with the crop library) loads when a seller first opens it. */
const ManagePhotosDialog = lazy(() => import('../features/photos/manage-photos-dialog').then((m) => ({ default: m.ManagePhotosDialog })));

/**
 * The photos feature's parts in other features' cards: the dashboard's product cards and the Generate Listings
 * cards take them as slots (features never import each other).
 */
export const photoManager = (props: ManagePhotosDialogProps) =>
  props.open ? (
    <Suspense fallback={null}>
      <ManagePhotosDialog {...props} />
    </Suspense>
  ) : null;

export const photoAdder = (props: { itemId: string; sku: string; inMenu?: boolean }) => <AddPhotosButton {...props} />;
