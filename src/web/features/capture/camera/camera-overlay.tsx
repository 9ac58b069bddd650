import { lazy, Suspense, useState } from 'react';
import { VisuallyHidden } from 'radix-ui';
import { Sheet, SheetDescription, SheetTitle } from '@/components/sheet';
import { liveFilterCss, noLiveFilters, type LiveFilters } from '../image-adjustments/photo-adjustments';
import { ReviewGrid } from '../review/review-grid';
import { defaultAspectRatio, type AspectRatio } from './aspect-ratio';
import { CameraBottomBar } from './camera-bottom-bar';
import type { FacingMode } from './camera-constraints';
import { CameraPreview } from './camera-preview';
import { CameraTopBar } from './camera-top-bar';
import { captureFrame } from './capture-frame';
import { LiveFilterPanel } from './live-filter-panel';
import { downloadPhotos, useSaveToGallery } from './save-to-gallery';
import { useCameraStream } from './use-camera-stream';
import type { CapturedPhotos } from './use-captured-photos';
import { useTapToFocus } from './use-tap-to-focus';

interface CameraOverlayProps {
  open: boolean;
  photos: CapturedPhotos;
  /** The size on the batch's label, asked in the review before the upload. */
  size: string;
  onSizeChange: (typed: string) => void;
  onClose: () => void;
  /** All captured photos as one batch (the overlay has closed and the camera stopped). */
  onUpload: (blobs: Blob[]) => void;
}

/** The photo editor loads when a photo is first edited. */
const EditPhotoOverlay = lazy(() => import('../photo-editor/edit-photo-overlay').then((m) => ({ default: m.EditPhotoOverlay })));

/** The camera capture overlay (full screen). The camera runs only while this is open. */
export function CameraOverlay({ open, ...session }: CameraOverlayProps) {
  const { onClose } = session;
  return (
    <Sheet
      open={open}
      onOpenChange={(next) => !next && onClose()}
      layout="fullscreen"
      className="bg-black text-white"
      onOpenAutoFocus={(event) => event.preventDefault()}
    >
      <VisuallyHidden.Root>
        <SheetTitle>Camera</SheetTitle>
        <SheetDescription>Take photos of one product, review them, then upload them as one product batch.</SheetDescription>
      </VisuallyHidden.Root>
      <CameraSession {...session} />
    </Sheet>
  );
}

/** Mounted only while the overlay is open: unmounting stops the stream. */
function CameraSession({ photos, size, onSizeChange, onClose, onUpload }: Omit<CameraOverlayProps, 'open'>) {
  const [facingMode, setFacingMode] = useState<FacingMode>('environment');
  const [ratio, setRatio] = useState<AspectRatio>(defaultAspectRatio);
  const [filters, setFilters] = useState<LiveFilters>(noLiveFilters);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [shooting, setShooting] = useState(false);
  const [flashKey, setFlashKey] = useState(0);
  const [captureError, setCaptureError] = useState<string | null>(null);
  const [saveToGallery, setSaveToGallery] = useSaveToGallery();
  const camera = useCameraStream({ active: true, facingMode, aspectRatio: ratio });
  const focus = useTapToFocus(camera.status === 'ready' && !reviewing, camera.videoTrack);
  const editing = photos.photos.findIndex((p) => p.id === editingId);
  const editingPhoto = photos.photos[editing];

  async function shoot() {
    const video = camera.videoRef.current;
    if (!video || camera.status !== 'ready' || shooting) return;
    setShooting(true);
    setFlashKey((k) => k + 1);
    try {
      photos.add(await captureFrame(video, ratio, filters));
      setCaptureError(null);
    } catch (err) {
      setCaptureError((err as Error).message);
    } finally {
      setShooting(false);
    }
  }

  function upload() {
    const blobs = photos.photos.map((p) => p.blob);
    if (blobs.length === 0) return;
    camera.stop();
    if (saveToGallery) downloadPhotos(blobs);
    onUpload(blobs);
  }

  function takeMore() {
    setReviewing(false);
    camera.ensureRunning();
  }

  return (
    <>
      <CameraTopBar
        photoCount={photos.photos.length}
        saveToGallery={saveToGallery}
        onSaveToGalleryChange={setSaveToGallery}
        filtersOpen={filtersOpen && !reviewing}
        showFilters={!reviewing}
        onToggleFilters={() => setFiltersOpen((o) => !o)}
        onClose={onClose}
      />
      <div className="relative flex min-h-0 flex-1 flex-col sm:px-5">
        {filtersOpen && !reviewing && <LiveFilterPanel filters={filters} onChange={setFilters} />}
        <CameraPreview
          videoRef={camera.videoRef}
          status={camera.status}
          error={camera.error}
          frame={camera.frame}
          ratio={ratio}
          mirrored={facingMode === 'user'}
          filterCss={liveFilterCss(filters)}
          ring={focus.ring}
          hintVisible={focus.hintVisible}
          flashKey={flashKey}
          hidden={reviewing}
          onPointerUp={focus.onPointerUp}
          onRetry={camera.restart}
        />
        {captureError && !reviewing && (
          <p role="alert" className="absolute inset-x-4 bottom-3 mx-auto max-w-sm rounded-xl bg-red-600 px-4 py-2 text-center text-sm">
            {captureError}
          </p>
        )}
        {reviewing && (
          <ReviewGrid
            batch={photos}
            size={size}
            onSizeChange={onSizeChange}
            onEdit={setEditingId}
            onTakeMore={takeMore}
            onUpload={upload}
          />
        )}
      </div>
      {!reviewing && (
        <CameraBottomBar
          photos={photos.photos}
          ratio={ratio}
          onRatioChange={setRatio}
          canShoot={camera.status === 'ready' && !shooting}
          onShoot={() => void shoot()}
          onFlip={() => setFacingMode((f) => (f === 'environment' ? 'user' : 'environment'))}
          onReview={() => setReviewing(true)}
          size={size}
          onSizeChange={onSizeChange}
          onUpload={upload}
        />
      )}
      {editingPhoto && (
        <Suspense fallback={null}>
          <EditPhotoOverlay
            key={editingId}
            photo={editingPhoto}
            number={editing + 1}
            onCancel={() => setEditingId(null)}
            onSave={(frame) => {
              photos.replace(editingPhoto.id, frame);
              setEditingId(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
