import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';

/** Hint after 3000 ms, ring for 1500 ms, 10 ms vibration on touch. */
const HINT_DELAY_MS = 3000;
const RING_MS = 1500;
const VIBRATE_MS = 10;

interface FocusCapabilities {
  focusMode?: string[];
  pointsOfInterest?: unknown;
}

export interface FocusRing {
  /** Position in the preview, 0-1 each way. */
  x: number;
  y: number;
  key: number;
}

/**
 * Tap or click on the preview: a focus ring for 1.5 s, a 10 ms buzz on touch, and a focus request where the camera
 * supports one. Cameras without focus control are normal (desktop webcams), so failures are only logged quietly.
 * "Tap to focus" is hinted 3 s after the camera is ready unless the user already tapped.
 */
export function useTapToFocus(enabled: boolean, videoTrack: () => MediaStreamTrack | null) {
  const [ring, setRing] = useState<FocusRing | null>(null);
  const [tapped, setTapped] = useState(false);
  const [hintVisible, setHintVisible] = useState(false);
  const ringTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!enabled || tapped) return;
    const timer = setTimeout(() => setHintVisible(true), HINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled, tapped]);

  useEffect(() => () => clearTimeout(ringTimer.current), []);

  const onPointerUp = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      if (!enabled) return;
      const box = event.currentTarget.getBoundingClientRect();
      const x = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
      const y = Math.min(1, Math.max(0, (event.clientY - box.top) / box.height));
      setRing({ x, y, key: Date.now() });
      clearTimeout(ringTimer.current);
      ringTimer.current = setTimeout(() => setRing(null), RING_MS);
      setTapped(true);
      setHintVisible(false);
      if (event.pointerType === 'touch') navigator.vibrate?.(VIBRATE_MS);
      void focusAt(videoTrack(), x, y);
    },
    [enabled, videoTrack],
  );

  return { ring, hintVisible: enabled && hintVisible && !tapped, onPointerUp };
}

async function focusAt(track: MediaStreamTrack | null, x: number, y: number): Promise<void> {
  if (!track) return;
  try {
    const capabilities = (track.getCapabilities?.() ?? {}) as FocusCapabilities;
    const modes = capabilities.focusMode ?? [];
    // A camera without focus control still shows the ring: the tap is acknowledged, the lens just stays as it is.
    if (!capabilities.pointsOfInterest && !modes.includes('single-shot') && !modes.includes('continuous')) return;
    const focusMode = modes.includes('single-shot') ? 'single-shot' : 'continuous';
    await track.applyConstraints({ advanced: [{ focusMode, pointsOfInterest: [{ x, y }] } as MediaTrackConstraintSet] });
  } catch {
    // The camera refused the point (some refuse while adjusting exposure); the next tap tries again.
  }
}
