import { useCallback, useEffect, useRef, useState } from 'react';
import type { AspectRatio } from './aspect-ratio';
import { cameraErrorMessage, cameraErrors } from './camera-errors';
import { cameraConstraints, type FacingMode } from './camera-constraints';

export type CameraStatus = 'idle' | 'initializing' | 'ready' | 'error';

interface CameraStreamOptions {
  active: boolean;
  facingMode: FacingMode;
  aspectRatio: AspectRatio;
}

/**
 * The camera's life: not started, initializing, then ready once the video metadata loads, or error.
 * It restarts when the facing direction or the ratio changes and stops whenever `active` turns false or the
 * component goes away, so the camera light never stays on behind a closed overlay.
 */
export function useCameraStream({ active, facingMode, aspectRatio }: CameraStreamOptions) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [status, setStatus] = useState<CameraStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [startCount, setStartCount] = useState(0);
  /** The stream's frame size: the preview box takes the captured crop's shape from it. */
  const [frame, setFrame] = useState<{ width: number; height: number } | null>(null);

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  useEffect(() => {
    if (!active) {
      stop();
      setStatus('idle');
      return;
    }
    let cancelled = false;
    const video = videoRef.current;
    const onResize = () => {
      if (video?.videoWidth) setFrame({ width: video.videoWidth, height: video.videoHeight });
    };
    const onMetadata = () => {
      if (cancelled) return;
      onResize();
      setStatus('ready');
      // Only a nudge: the element is muted, inline and autoPlay, so the browser starts it when allowed; a refusal needs no action.
      video?.play().catch(() => undefined);
    };

    async function start() {
      stop();
      setStatus('initializing');
      setError(null);
      if (!navigator.mediaDevices?.getUserMedia) {
        setStatus('error');
        setError(cameraErrors.notSupported);
        return;
      }
      try {
        const stream = await navigator.mediaDevices.getUserMedia(cameraConstraints(facingMode, aspectRatio));
        if (cancelled) {
          stream.getTracks().forEach((track) => track.stop());
          return;
        }
        streamRef.current = stream;
        if (video) {
          video.addEventListener('loadedmetadata', onMetadata, { once: true });
          video.addEventListener('resize', onResize);
          video.srcObject = stream;
        }
      } catch (err) {
        if (cancelled) return;
        setStatus('error');
        setError(cameraErrorMessage(err));
      }
    }

    void start();
    return () => {
      cancelled = true;
      video?.removeEventListener('loadedmetadata', onMetadata);
      video?.removeEventListener('resize', onResize);
      stop();
    };
  }, [active, facingMode, aspectRatio, startCount, stop]);

  /** Try Again, and Take More when the stream is gone. */
  const restart = useCallback(() => setStartCount((n) => n + 1), []);
  const ensureRunning = useCallback(() => {
    if (!streamRef.current) restart();
  }, [restart]);
  const videoTrack = useCallback(() => streamRef.current?.getVideoTracks()[0] ?? null, []);

  return { videoRef, status, error, frame, restart, ensureRunning, videoTrack, stop };
}
