import { cn } from '../lib/cn';

/**
 * The words that mark whatever a simulated marketplace touches (a server without its keys): each marketplace's own
 * note passes its name (`channel`, for the test id) and its words (src/shared/domain/simulated-*.ts).
 */
export function SimulationNote({ className, channel, label }: { className?: string; channel: string; label: string }) {
  return (
    <span
      data-testid={`simulated-${channel}-label`}
      className={cn(
        'inline-flex w-fit items-center rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-300',
        className,
      )}
    >
      {label}
    </span>
  );
}
