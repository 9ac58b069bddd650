import { CaptureView } from '../features/capture/capture-view';
import { uploadProduct } from '../features/upload/product-upload';
import { UploadDialog } from '../features/upload/upload-dialog';

/** The capture screen with the upload feature's dialog and product pipeline plugged in. */
export function CapturePage() {
  return <CaptureView uploadProduct={uploadProduct} renderUploadDialog={(props) => <UploadDialog {...props} />} />;
}
