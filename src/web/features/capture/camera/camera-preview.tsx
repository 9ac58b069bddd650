import type { PointerEvent, RefObject } from 'react';
import { Button } from '@/components/button';
import { AlertTriangleIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { cn } from '@/lib/cn';
import { cropToAspect, targetRatio, type AspectRatio } from './aspect-ratio';
import type { CameraStatus } from './use-camera-stream';
import type { FocusRing } from './use-tap-to-focus';

interface CameraPreviewProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  status: CameraStatus;
  error: string | null;
  frame: { width: number; height: number } | null;
  ratio: AspectRatio;
  mirrored: boolean;
  filterCss: string | undefined;
  ring: FocusRing | null;
  hintVisible: boolean;
  flashKey: number;
  hidden: boolean;
  onPointerUp: (event: PointerEvent<HTMLElement>) => void;
  onRetry: () => void;
}

/**
 * The live preview, shaped like the photo the shutter will take (the crop of the current frame), so what the
 * seller frames is what gets captured.
 */
export function CameraPreview(props: CameraPreviewProps) {
  const { videoRef, status, error, frame, ratio, mirrored, filterCss, ring, hintVisible, flashKey, hidden, onPointerUp, onRetry } = props;
  const crop = frame ? cropToAspect(frame.width, frame.height, ratio) : null;
  const shape = crop ? crop.sw / crop.sh : targetRatio(ratio, 16, 9);

  return (
    <div className={cn('relative min-h-0 flex-1', hidden && 'hidden')} style={{ containerType: 'size' }}>
      <div
        data-testid="camera-preview"
        onPointerUp={onPointerUp}
        className="absolute inset-0 m-auto overflow-hidden bg-neutral-900 sm:rounded-xl"
        style={{ width: `min(100cqw, calc(100cqh * ${shape}))`, height: `min(100cqh, calc(100cqw / ${shape}))` }}
      >
        <video
          ref={videoRef}
          autoPlay
          muted
          playsInline
          aria-label="Camera preview"
          className={cn('size-full object-cover transition-opacity', status === 'ready' ? 'opacity-100' : 'opacity-0')}
          style={{ filter: filterCss, transform: mirrored ? 'scaleX(-1)' : undefined }}
        />
        {ring && (
          <span
            key={ring.key}
            data-testid="focus-ring"
            className="pointer-events-none absolute size-16 animate-[focus-ring_1.5s_ease-out_forwards] rounded-full border-2 border-yellow-300 shadow-[0_0_0_1px_rgba(0,0,0,0.3)]"
            style={{ left: `${ring.x * 100}%`, top: `${ring.y * 100}%` }}
          />
        )}
        {hintVisible && (
          // The hint is "Tap to focus"; a mouse or trackpad without touch is told to click instead.
          <p className="pointer-events-none absolute inset-x-0 bottom-4 mx-auto w-fit rounded-full bg-black/55 px-3 py-1.5 text-sm font-medium backdrop-blur-sm">
            <span className="pointer-fine:hidden">Tap to focus</span>
            <span className="hidden pointer-fine:inline">Click to focus</span>
          </p>
        )}
        {flashKey > 0 && (
          <span key={flashKey} className="pointer-events-none absolute inset-0 animate-[shutter-flash_0.25s_ease-out_forwards] bg-white" />
        )}
      </div>

      {status === 'initializing' && (
        <div role="status" className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-center">
          <Spinner className="size-8 text-white" />
          <p className="text-base font-semibold">Initializing camera...</p>
          <p className="text-sm text-white/70">Please allow camera access</p>
        </div>
      )}
      {status === 'error' && (
        <div className="absolute inset-0 flex items-center justify-center p-6">
          <div role="alert" className="w-full max-w-sm rounded-2xl bg-white p-5 text-center text-slate-900 shadow-xl">
            <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-100 text-red-600">
              <AlertTriangleIcon className="size-6" />
            </span>
            <h3 className="mt-3 text-lg font-semibold">Camera Error</h3>
            <p className="mt-1 text-sm text-slate-600">{error}</p>
            <Button className="mt-4 w-full" onClick={onRetry}>
              Try Again
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
