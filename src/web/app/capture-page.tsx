import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { useNavigate } from 'react-router';
import { CaptureView } from '../features/capture/capture-view';
import { useGenerateListings } from '../features/listings/api/generate-listings';
import { uploadProduct } from '../features/upload/product-upload';
import { paths } from './config/paths';

/** The Upload and Assign SKUs dialog loads when first opened (issue 14; prefetched from the dashboard). */
const UploadDialog = lazy(() => import('../features/upload/upload-dialog').then((m) => ({ default: m.UploadDialog })));

/**
 * The capture screen with the upload feature's dialog and product pipeline plugged in; the dialog's "Generate
 * listings for these N" queues them (listings feature) and opens Generate Listings.
 */
export function CapturePage() {
  const generate = useGenerateListings();
  const navigate = useNavigate();
  const onGenerateListings = async (itemIds: string[]) => {
    await generate.mutateAsync(itemIds);
    void navigate(paths.listings);
  };
  return (
    <CaptureView
      uploadProduct={uploadProduct}
      renderUploadDialog={(props) => <UploadDialogOnFirstUse {...props} onGenerateListings={onGenerateListings} />}
    />
  );
}

/** Mounts the dialog when first opened and keeps it mounted after, so closing it never cuts off its work. */
function UploadDialogOnFirstUse(props: ComponentProps<typeof UploadDialog>) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  return (
    used && (
      <Suspense fallback={null}>
        <UploadDialog {...props} />
      </Suspense>
    )
  );
}
