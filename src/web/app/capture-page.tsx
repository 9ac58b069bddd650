import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { useNavigate } from 'react-router';
import type { ProductUploader } from '../features/capture/batch/product-uploader';
import { CaptureView } from '../features/capture/capture-view';
import { useGenerateListings } from '../features/listings/api/generate-listings';
import { useUploadQueue } from '../features/upload/queue/upload-queue-provider';
import { paths } from './config/paths';
import { cameraSource } from './session-providers';

/** The Upload and Assign SKUs dialog loads when first opened (prefetched from the dashboard). */
const UploadDialog = lazy(() => import('../features/upload/upload-dialog').then((m) => ({ default: m.UploadDialog })));

/**
 * The capture screen with the upload feature's dialog and the app's upload queue plugged in; the dialog's
 * "Generate listings for these N" queues them (listings feature) and opens Generate Listings, where those held for a
 * size eBay takes none of come first with their question (the server keeps the hold, decision 116).
 */
export function CapturePage() {
  const generate = useGenerateListings();
  const navigate = useNavigate();
  const { queue } = useUploadQueue();
  const onGenerateListings = async (itemIds: string[]) => {
    await generate.mutateAsync({ itemIds });
    void navigate(paths.listings);
  };
  const uploadProduct: ProductUploader = async ({ photos, photoIds, size, autoGenerateListing, onProgress }) => {
    if (!queue) throw new Error('The upload queue is not ready yet. Please try again.');
    const [id] = queue.enqueue([{ sku: null, size, files: photos, autoGenerateListing, source: cameraSource(photoIds) }]);
    if (id === undefined) throw new Error('No images to upload');
    return queue.waitFor(id, onProgress);
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
