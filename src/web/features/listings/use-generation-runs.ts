import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ListingItem } from '@shared/contracts/listings';
import { runEndMessage, runProgress, type GenerationRun, type RunProgress } from './generation-runs';

const STORAGE_KEY = 'resale.listings.generationRuns';

function loadRuns(): GenerationRun[] {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as GenerationRun[]) : [];
  } catch {
    return [];
  }
}

/**
 * The generations started from this tab, kept in sessionStorage so a reload keeps the progress bar. It needs no
 * items, so the screen knows whether to poll before it asks for them.
 */
export function useGenerationRuns() {
  const [runs, setRuns] = useState<GenerationRun[]>(loadRuns);

  useEffect(() => {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(runs));
    } catch {
      // private mode: progress simply does not survive a reload
    }
  }, [runs]);

  const start = useCallback((kind: GenerationRun['kind'], itemIds: string[]) => {
    if (itemIds.length === 0) return;
    setRuns((current) => [...current, { id: `${Date.now()}-${Math.random().toString(36).slice(2)}`, kind, itemIds }]);
  }, []);
  const finish = useCallback((ended: GenerationRun[]) => setRuns((current) => current.filter((run) => !ended.includes(run))), []);

  return { runs, start, finish, active: runs.length > 0 };
}

export type GenerationRuns = ReturnType<typeof useGenerationRuns>;

/**
 * Where each run stands from the live item states; once the items are all loaded (`ready`), each run that ended is
 * reported once through `onRunEnd` and forgotten. Answers the bulk run's progress for the progress bar.
 */
export function useGenerationRunProgress(
  { runs, finish }: GenerationRuns,
  items: ListingItem[],
  ready: boolean,
  onRunEnd: (message: { tone: 'success' | 'error'; text: string }) => void,
): RunProgress | null {
  const itemsById = useMemo(() => new Map(items.map((i) => [i.id, i])), [items]);
  const progress = useMemo(() => new Map(runs.map((run) => [run.id, runProgress(run, itemsById)])), [runs, itemsById]);

  useEffect(() => {
    if (!ready) return;
    const ended = runs.filter((run) => progress.get(run.id)?.finished);
    if (ended.length === 0) return;
    for (const run of ended) {
      const message = runEndMessage(run, progress.get(run.id)!);
      if (message) onRunEnd(message);
    }
    finish(ended);
  }, [ready, runs, progress, onRunEnd, finish]);

  const batch = runs.find((run) => run.kind === 'batch');
  return batch ? (progress.get(batch.id) ?? null) : null;
}
