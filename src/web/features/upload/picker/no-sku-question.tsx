import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/button';
import { DEFAULT_SHOT_GAP_SECONDS, groupByShotTime, shotTime } from '../grouping/shot-time-groups';
import type { PickedFile } from './use-picked-files';

interface NoSkuQuestionProps {
  /** The photos without a SKU, in grid order. */
  photos: readonly PickedFile[];
  /** How the seller split them into products. */
  onChoose(groups: PickedFile[][]): void;
  onBack(): void;
}

/**
 * Asked on Upload when several photos have no SKU: one product, one product each, or grouped by shot time (a gap
 * of more than N seconds starts a new product; EXIF DateTimeOriginal, else the file's time). Never guessed.
 */
export function NoSkuQuestion({ photos, onChoose, onBack }: NoSkuQuestionProps) {
  const [times, setTimes] = useState<Map<string, number> | null>(null);
  const [gap, setGap] = useState(DEFAULT_SHOT_GAP_SECONDS);
  useEffect(() => {
    let alive = true;
    void Promise.all(photos.map(async (p) => [p.id, await shotTime(p.file)] as const)).then((read) => alive && setTimes(new Map(read)));
    return () => {
      alive = false;
    };
  }, [photos]);
  const byTime = useMemo(
    () => (times ? groupByShotTime(photos, (p) => times.get(p.id) ?? p.file.lastModified, Math.max(1, gap)) : null),
    [photos, times, gap],
  );
  const count = photos.length;

  return (
    <section role="group" aria-labelledby="no-sku-title" className="flex flex-col gap-3" data-testid="no-sku-question">
      <p id="no-sku-title" className="text-sm font-medium text-slate-900">
        {count} photos have no SKU: make them one product, one product each, or go back.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => onChoose([[...photos]])}>
          One product
        </Button>
        <Button variant="secondary" onClick={() => onChoose(photos.map((p) => [p]))}>
          One product each ({count})
        </Button>
        <Button onClick={() => byTime && onChoose(byTime)} disabled={!byTime} loading={!byTime}>
          Group by shot time{byTime ? `: ${byTime.length} product${byTime.length === 1 ? '' : 's'}` : ''}
        </Button>
      </div>
      <label className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        Photos more than
        <input
          // eslint-disable-next-line no-restricted-syntax -- whole seconds, not an amount
          type="number"
          inputMode="numeric"
          min={1}
          value={gap}
          onChange={(event) => setGap(Number(event.target.value) || DEFAULT_SHOT_GAP_SECONDS)}
          aria-label="Seconds between products"
          className="h-11 w-20 rounded-lg border border-slate-300 px-2 text-base shadow-sm sm:text-sm"
        />
        seconds apart start a new product
      </label>
      <div>
        <Button variant="ghost" onClick={onBack}>
          Go back
        </Button>
      </div>
    </section>
  );
}
