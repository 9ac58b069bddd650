import { useNavigate } from 'react-router';
import { CaptureView } from '../features/capture/capture-view';
import { useGenerateListings } from '../features/listings/api/generate-listings';
import { uploadProduct } from '../features/upload/product-upload';
import { UploadDialog } from '../features/upload/upload-dialog';
import { paths } from './config/paths';

/**
 * The capture screen with the upload feature's dialog and product pipeline plugged in; the dialog's "Generate
 * listings for these N" queues them (listings feature) and opens Generate Listings.
 */
export function CapturePage() {
  const generate = useGenerateListings();
  const navigate = useNavigate();
  const onGenerateListings = async (itemIds: string[]) => {
    await generate.mutateAsync({ itemIds });
    void navigate(paths.listings);
  };
  return (
    <CaptureView
      uploadProduct={uploadProduct}
      renderUploadDialog={(props) => <UploadDialog {...props} onGenerateListings={onGenerateListings} />}
    />
  );
}
