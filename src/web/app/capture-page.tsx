import { useNavigate } from 'react-router';
import type { ProductUploader } from '../features/capture/batch/product-uploader';
import { CaptureView } from '../features/capture/capture-view';
import { useGenerateListings } from '../features/listings/api/generate-listings';
import { useUploadQueue } from '../features/upload/queue/upload-queue-provider';
import { UploadDialog } from '../features/upload/upload-dialog';
import { paths } from './config/paths';
import { cameraSource } from './session-providers';

/**
 * The capture screen with the upload feature's dialog and the app's upload queue plugged in; the dialog's
 * "Generate listings for these N" queues them (listings feature) and opens Generate Listings.
 */
export function CapturePage() {
  const generate = useGenerateListings();
  const navigate = useNavigate();
  const { queue } = useUploadQueue();
  const onGenerateListings = async (itemIds: string[]) => {
    await generate.mutateAsync({ itemIds });
    void navigate(paths.listings);
  };
  const uploadProduct: ProductUploader = async ({ photos, photoIds, autoGenerateListing, onProgress }) => {
    if (!queue) throw new Error('The upload queue is not ready yet. Please try again.');
    const [id] = queue.enqueue([{ sku: null, files: photos, autoGenerateListing, source: cameraSource(photoIds) }]);
    if (id === undefined) throw new Error('No images to upload');
    return queue.waitFor(id, onProgress);
  };
  return (
    <CaptureView
      uploadProduct={uploadProduct}
      renderUploadDialog={(props) => <UploadDialog {...props} onGenerateListings={onGenerateListings} />}
    />
  );
}
