import { readinessFor } from '@shared/contracts/marketplace-registry';
import type { ReadinessResponse } from '@shared/contracts/publish';
import { readinessBarColour, readinessMessages, type ReadinessBarColour } from '@shared/domain/readiness';
import { Button } from '@/components/button';
import { cn } from '@/lib/cn';

/** Tailwind classes of the bar's fill per spec colour (green ≥ 90, yellow ≥ 70, orange ≥ 50, red below). */
export const barFill: Record<ReadinessBarColour, string> = {
  green: 'bg-emerald-500',
  yellow: 'bg-yellow-400',
  orange: 'bg-orange-500',
  red: 'bg-red-500',
};

/** A listing with something that blocks publishing is blocked, said with what is left, never "89%". */
export const blockedWords = (left: number) => `Blocked · ${left} to fix`;

export function ReadinessBar({
  percent,
  blocked = 0,
}: {
  percent: number;
  /** What blocks publishing: the count left. */ blocked?: number;
}) {
  const colour = blocked > 0 ? 'red' : readinessBarColour(percent);
  return (
    <div className="flex items-center gap-3">
      <div
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Readiness"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={blocked > 0 ? blockedWords(blocked) : `${percent}%`}
        data-colour={colour}
        data-blocked={blocked > 0 ? blocked : undefined}
        data-testid="readiness-bar"
      >
        <div className={cn('h-full rounded-full transition-all', barFill[colour])} style={{ width: `${percent}%` }} />
      </div>
      {blocked > 0 ? (
        <span className="shrink-0 text-right text-sm font-semibold text-red-700" data-testid="readiness-blocked">
          {blockedWords(blocked)}
        </span>
      ) : (
        <span className="w-11 text-right text-sm font-semibold tabular-nums text-slate-700">{percent}%</span>
      )}
    </div>
  );
}

/**
 * The panel's heading: the one readiness a seller sees ("eBay readiness"), on every screen that shows it. Named, not a
 * verdict: "Ready for eBay" read as one right above "Blocked · 3 to fix".
 */
export const readyForLabel = `${readinessFor.name} readiness`;

/**
 * The readiness panel: the bar, then what blocks publishing (errors, the marketplace's pre-flight) and what is
 * advised, all as
 * the server computed them (GET /api/items/:id/readiness), so every screen shows the same percent and errors. An
 * out-of-date listing offers Regenerate right beside its message (`onRegenerate`, the card's confirmation).
 */
export function ReadinessPanel({
  readiness,
  published = false,
  ended = false,
  stillLive = false,
  onRegenerate,
  regenerateDisabled = false,
}: {
  readiness: ReadinessResponse;
  published?: boolean;
  /** The item sold out and its listing there is still live (its end on its way or refused; decision 083). */
  stillLive?: boolean;
  /** The listing there ended (it can be relisted). */
  ended?: boolean;
  onRegenerate?: () => void;
  regenerateDisabled?: boolean;
}) {
  const blocking = [...readiness.errors, ...readiness.preflight.problems.map((p) => p.message)];
  const { name } = readinessFor;
  return (
    <section aria-label={readyForLabel} className="flex flex-col gap-2" data-testid="readiness-panel">
      <p className="text-sm font-semibold text-slate-800">{readyForLabel}</p>
      <ReadinessBar percent={readiness.score} blocked={new Set(blocking).size} />
      {blocking.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm text-red-700" data-testid="readiness-errors">
          {blocking.map((message) => (
            <li key={message} className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
              <span className="flex min-w-0 flex-1 basis-48 gap-1.5">
                <span aria-hidden="true">✕</span>
                <span>{message}</span>
              </span>
              {message === readinessMessages.outOfDate && onRegenerate && (
                <Button variant="secondary" size="sm" disabled={regenerateDisabled} onClick={onRegenerate}>
                  Regenerate
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {readiness.warnings.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm text-amber-800" data-testid="readiness-warnings">
          {readiness.warnings.map((message) => (
            <li key={message} className="flex gap-1.5">
              <span aria-hidden="true">!</span>
              <span>{message}</span>
            </li>
          ))}
        </ul>
      )}
      {readiness.preflight.unavailable && <p className="text-sm text-slate-500">{readiness.preflight.unavailable}</p>}
      {blocking.length === 0 && (
        <p className={cn('text-sm font-medium', stillLive ? 'text-amber-800' : 'text-emerald-700')} data-testid="readiness-ok">
          {ended ? 'Ready to relist' : stillLive ? `Still live on ${name}` : published ? `Live on ${name}` : 'Ready to publish'}
          {readiness.preflight.condition ? ` · ${name} condition: ${readiness.preflight.condition.label}` : ''}
        </p>
      )}
    </section>
  );
}
