import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths, type DashboardLocationState } from '@/app/config/paths';
import { ViewHeader } from '@/components/view-header';
import { sizeOnLabelOf } from '@/entities/items/size-on-label-field';
import { useItemsSummary } from '@/entities/items/use-items-summary';
import { BatchCreatedCard, BatchProgressCard, UploadFailedBox } from './batch/batch-status-cards';
import type { ProductUploader } from './batch/product-uploader';
import { useCameraBatchUpload } from './batch/use-camera-batch-upload';
import { useCapturedPhotos } from './camera/use-captured-photos';
import { CaptureActions } from './capture-actions';
import { AutoGenerateNote, GeneratingBanner, OptionsHelp } from './capture-help';
import { isPhoneOrTablet } from './is-phone-or-tablet';

/** The camera (and its photo editor) is its own chunk, loaded when first opened (the app prefetches it). */
const CameraOverlay = lazy(() => import('./camera/camera-overlay').then((m) => ({ default: m.CameraOverlay })));

export interface CaptureViewProps {
  /** Creates one product from photos (the upload feature's pipeline, supplied by app/). */
  uploadProduct: ProductUploader;
  /** The Upload and Assign SKUs dialog (the upload feature's, supplied by app/). */
  renderUploadDialog: (props: { open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode;
}

/** The Capture screen: Step 1: Capture Photos. */
export function CaptureView({ uploadProduct, renderUploadDialog }: CaptureViewProps) {
  const navigate = useNavigate();
  const mobile = useMemo(() => isPhoneOrTablet(), []);
  const summary = useItemsSummary();
  const photos = useCapturedPhotos();
  const [cameraOpen, setCameraOpen] = useState(false);
  const [cameraUsed, setCameraUsed] = useState(false);
  if (cameraOpen && !cameraUsed) setCameraUsed(true);
  const [uploadOpen, setUploadOpen] = useState(false);
  // The size on the batch's label, typed in the review before the upload; it goes with the product.
  const [labelSize, setLabelSize] = useState('');
  // A camera batch from a phone or tablet also switches on background listing generation.
  const { batch, start, reset } = useCameraBatchUpload(uploadProduct, mobile);

  // The batch stays (and in IndexedDB) until its product is created; app/ also drops it then if this screen is gone.
  async function uploadBatch() {
    setCameraOpen(false);
    const batchPhotos = photos.photos;
    if (await start(batchPhotos, sizeOnLabelOf(labelSize))) {
      photos.removeMany(batchPhotos.map((p) => p.id));
      setLabelSize('');
    }
  }

  /** Back to the dashboard; after a created batch it shows the green "Product batch created successfully" banner. */
  function toDashboard() {
    const state: DashboardLocationState = { batchCreated: batch.status === 'created' };
    void navigate(paths.dashboard, { state });
  }

  function addAnother() {
    reset();
    setCameraOpen(true);
  }

  return (
    <div className="flex flex-col gap-5">
      <ViewHeader
        title="Step 1: Capture Photos"
        subtitle="Photograph a product or upload its photos. Each product becomes a batch with its own SKU."
      />
      <GeneratingBanner count={summary.data?.generatingCount ?? 0} />
      {batch.status === 'failed' && <UploadFailedBox message={batch.message} onRetry={() => void uploadBatch()} onDismiss={reset} />}
      {batch.status === 'uploading' && <BatchProgressCard batch={batch} />}
      {batch.status === 'created' && <BatchCreatedCard batch={batch} onAddAnother={addAnother} onViewDashboard={toDashboard} />}
      <CaptureActions
        busy={batch.status === 'uploading'}
        onTakePhotos={() => {
          if (batch.status !== 'uploading') reset();
          setCameraOpen(true);
        }}
        onUploadFiles={() => setUploadOpen(true)}
        onDashboard={toDashboard}
      />
      {mobile && <AutoGenerateNote />}
      <OptionsHelp />
      {cameraUsed && (
        <Suspense fallback={null}>
          <CameraOverlay
            open={cameraOpen}
            photos={photos}
            size={labelSize}
            onSizeChange={setLabelSize}
            onClose={() => setCameraOpen(false)}
            onUpload={() => void uploadBatch()}
          />
        </Suspense>
      )}
      {renderUploadDialog({ open: uploadOpen, onOpenChange: setUploadOpen })}
    </div>
  );
}
