import type { EnvCheckStatus } from '@shared/contracts/diagnostics';
import { Alert } from '@/components/alert';
import { LoadError } from '@/components/load-error';
import { Card } from '@/components/card';
import { PlainPage } from '@/components/plain-page';
import { Spinner } from '@/components/spinner';
import { cn } from '@/lib/cn';
import { useEnvCheck } from './api/env-check';

const badge: Record<EnvCheckStatus, { label: string; className: string }> = {
  configured: { label: 'Configured', className: 'bg-emerald-50 text-emerald-700 ring-emerald-200' },
  default: { label: 'Embedded default', className: 'bg-slate-100 text-slate-700 ring-slate-200' },
  missing: { label: 'Missing', className: 'bg-amber-50 text-amber-800 ring-amber-200' },
};

/** Which configuration is set, on its embedded default, or missing. Values of secrets are never shown. */
export function EnvCheckPage() {
  const check = useEnvCheck();
  const entries = check.data?.entries ?? [];
  const missing = entries.filter((e) => e.status === 'missing').length;
  return (
    <PlainPage title="Environment check">
      {check.isPending && <Spinner className="size-6 text-indigo-600" label="Checking configuration" />}
      {check.isError && <LoadError onRetry={() => void check.refetch()}>{check.error.message}</LoadError>}
      {check.data && (
        <>
          <Alert tone={missing ? 'warning' : 'success'} className="mb-4">
            {missing
              ? `${missing} setting${missing === 1 ? ' is' : 's are'} missing. The app runs; the features that need them stay off.`
              : 'Everything needed is configured or on its embedded default.'}
          </Alert>
          <Card>
            <ul className="divide-y divide-slate-100">
              {entries.map((entry) => (
                <li
                  key={entry.key}
                  className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
                  data-testid={`env-${entry.key}`}
                >
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-slate-900">{entry.label}</p>
                    <p className="text-sm text-slate-500">{entry.detail}</p>
                    <p className="mt-0.5 font-mono text-xs text-slate-500">{entry.variables.join(', ')}</p>
                  </div>
                  <span
                    className={cn(
                      'self-start rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset sm:self-center',
                      badge[entry.status].className,
                    )}
                  >
                    {badge[entry.status].label}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        </>
      )}
    </PlainPage>
  );
}
