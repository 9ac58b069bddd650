import type { ReactNode } from 'react';
import { CameraBatchProvider, useCapturedPhotos } from '../features/capture/camera/use-captured-photos';
import { UploadIndicator } from '../features/upload/queue/upload-indicator';
import { UploadQueueProvider } from '../features/upload/queue/upload-queue-provider';
import type { UploadQueueEntry } from '../features/upload/queue/upload-queue-entry';

const CAMERA = 'camera:';

/** The queue's name for a camera batch handed over: its photo ids. */
export const cameraSource = (photoIds: string[]) => `${CAMERA}${photoIds.join(',')}`;

/**
 * What the signed-in seller's session owns beyond any one screen: the camera batch and the upload queue (with its
 * indicator), both per user: a sign-out ends them, and another user's session never sees them.
 */
export function SessionProviders({ userId, children }: { userId: string; children: ReactNode }) {
  return (
    <CameraBatchProvider key={userId} userId={userId}>
      <QueueWithCameraBatch userId={userId}>{children}</QueueWithCameraBatch>
    </CameraBatchProvider>
  );
}

function QueueWithCameraBatch({ userId, children }: { userId: string; children: ReactNode }) {
  const camera = useCapturedPhotos();
  // A camera batch's product was created (maybe after a reload, with the capture screen long gone): its photos go.
  const onCreated = (entry: UploadQueueEntry) => {
    if (entry.source?.startsWith(CAMERA)) camera.removeMany(entry.source.slice(CAMERA.length).split(','));
  };
  return (
    <UploadQueueProvider key={userId} userId={userId} onCreated={onCreated}>
      {children}
      <UploadIndicator />
    </UploadQueueProvider>
  );
}
