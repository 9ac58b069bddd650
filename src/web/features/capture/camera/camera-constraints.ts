import type { AspectRatio } from './aspect-ratio';

export type FacingMode = 'environment' | 'user';

const ratioValue: Record<AspectRatio, number> = { '16:9': 16 / 9, '4:3': 4 / 3, '1:1': 1 };

/** Ideal 1920x1080, at most 4096 each way, no audio, the back camera unless flipped. */
export function cameraConstraints(facingMode: FacingMode, ratio: AspectRatio): MediaStreamConstraints {
  return {
    audio: false,
    video: {
      facingMode: { ideal: facingMode },
      width: { ideal: 1920, max: 4096 },
      height: { ideal: 1080, max: 4096 },
      aspectRatio: { ideal: ratioValue[ratio] },
    },
  };
}
