import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths, type DashboardLocationState } from '../../app/config/paths';
import { ViewHeader } from '../../components/view-header';
import { useItemsSummary } from '../../entities/items/use-items-summary';
import { BatchCreatedCard, BatchProgressCard, UploadFailedBox } from './batch/batch-status-cards';
import type { ProductUploader } from './batch/product-uploader';
import { useCameraBatchUpload } from './batch/use-camera-batch-upload';
import { CameraOverlay } from './camera/camera-overlay';
import { useCapturedPhotos } from './camera/use-captured-photos';
import { CaptureActions } from './capture-actions';
import { AutoGenerateNote, GeneratingBanner, OptionsHelp } from './capture-help';
import { isPhoneOrTablet } from './is-phone-or-tablet';

export interface CaptureViewProps {
  /** Creates one product from photos (the upload feature's pipeline, supplied by app/). */
  uploadProduct: ProductUploader;
  /** The Upload and Assign SKUs dialog (the upload feature's, supplied by app/). */
  renderUploadDialog: (props: { open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode;
}

/** Spec §2 "Capture screen": Step 1: Capture Photos. */
export function CaptureView({ uploadProduct, renderUploadDialog }: CaptureViewProps) {
  const navigate = useNavigate();
  const mobile = useMemo(() => isPhoneOrTablet(), []);
  const summary = useItemsSummary();
  const photos = useCapturedPhotos();
  const [cameraOpen, setCameraOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  // Spec §1: a camera batch from a phone or tablet also switches on background listing generation.
  const { batch, start, reset } = useCameraBatchUpload(uploadProduct, mobile);

  // The batch stays (and in IndexedDB) until its product is created; app/ also drops it then if this screen is gone.
  async function uploadBatch() {
    setCameraOpen(false);
    const batchPhotos = photos.photos;
    if (await start(batchPhotos)) photos.removeMany(batchPhotos.map((p) => p.id));
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
      <CameraOverlay open={cameraOpen} photos={photos} onClose={() => setCameraOpen(false)} onUpload={() => void uploadBatch()} />
      {renderUploadDialog({ open: uploadOpen, onOpenChange: setUploadOpen })}
    </div>
  );
}
