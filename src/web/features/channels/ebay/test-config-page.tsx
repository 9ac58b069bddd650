import type { EbayConfigCheck } from '@shared/contracts/ebay-config';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { CheckIcon, XIcon } from '@/components/icons';
import { LineList } from '@/components/line-list';
import { PlainPage } from '@/components/plain-page';
import { ebayEnvironmentLabel } from '@shared/domain/ebay-names';
import { simulatedEbayConfigWords } from '@shared/domain/simulated-ebay';
import { salesChecksWords } from '@shared/domain/sales';
import { ApiError } from '@/lib/api-client';
import { useEbayConfigCheck } from './api/config-check';

const rows: Array<{ key: keyof EbayConfigCheck['credentials_status']; label: string; variable: string }> = [
  { key: 'client_id', label: 'Client ID', variable: 'EBAY_CLIENT_ID' },
  { key: 'client_secret', label: 'Client Secret', variable: 'EBAY_CLIENT_SECRET' },
  { key: 'ru_name', label: 'Redirect name (RuName)', variable: 'EBAY_RU_NAME' },
];

/** Spec /test-ebay-config: Test Configuration, then what is valid, the issues and how to fix them. */
export function TestEbayConfigPage() {
  const check = useEbayConfigCheck();
  const result = check.data;
  return (
    <PlainPage title="eBay configuration test">
      <p className="text-sm text-slate-600">Checks the eBay keys the server was started with. Secret values are masked.</p>
      <Button className="mt-4" loading={check.isPending} onClick={() => check.mutate()}>
        Test Configuration
      </Button>
      {check.isError && (
        <Alert tone="error" className="mt-4">
          {!(check.error instanceof ApiError) || check.error.status === 0
            ? 'Edge function not accessible: the configuration check could not be reached (is the server running?)'
            : `Edge function not accessible: ${check.error.status} ${check.error.message}`}
        </Alert>
      )}
      {result && (
        <div className="mt-6 flex flex-col gap-4">
          {result.simulated ? (
            <Alert tone="success" title={simulatedEbayConfigWords.title}>
              <p>{simulatedEbayConfigWords.body}</p>
              <p className="mt-2">{simulatedEbayConfigWords.withKeys}</p>
            </Alert>
          ) : (
            // Green only with nothing to fix: an issue beside a green box reads as "all good".
            <Alert
              tone={result.ready_for_oauth && result.issues.length === 0 ? 'success' : 'warning'}
              title={
                !result.ready_for_oauth
                  ? 'Not ready to connect eBay accounts'
                  : result.issues.length > 0
                    ? `Ready to connect eBay accounts, with ${result.issues.length === 1 ? 'an issue' : `${result.issues.length} issues`} to check`
                    : 'Ready to connect eBay accounts'
              }
            >
              Environment: <strong>{ebayEnvironmentLabel(result)}</strong>
            </Alert>
          )}
          <p className="text-sm text-slate-700" data-testid="browse-calls">
            Browse calls today: <strong>{result.browse_calls.today.toLocaleString('en-US')}</strong> of{' '}
            {result.browse_calls.daily_budget.toLocaleString('en-US')}
            <span className="text-slate-500"> (the application token’s daily budget for price comparables; resets at midnight UTC)</span>
          </p>
          <p className="text-sm text-slate-700" data-testid="sales-checks">
            {salesChecksWords.today(result.sales_checks.today, result.sales_checks.daily_limit)}
            <span className="text-slate-500">
              {' '}
              (Fulfillment API order pulls, all sellers; every 15 s while an item is live on two marketplaces)
            </span>
          </p>
          <Card>
            <ul className="divide-y divide-slate-100">
              {rows.map(({ key, label, variable }) => {
                const status = result.credentials_status[key];
                // The simulation needs no key: an unset one is neither red nor "Missing" there.
                const unneeded = result.simulated && !status.configured;
                return (
                  <li key={key} className="flex items-center gap-3 px-4 py-3" data-testid={`ebay-${key}`}>
                    {status.looks_valid ? (
                      <CheckIcon className="size-5 text-emerald-600" />
                    ) : (
                      <XIcon className={unneeded ? 'size-5 text-slate-400' : 'size-5 text-red-600'} />
                    )}
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-slate-900">{label}</p>
                      <p className="truncate font-mono text-xs text-slate-500">{status.value ?? `${variable} not set`}</p>
                      {status.is_https !== null && !result.simulated && (
                        <p className="text-xs text-slate-500">
                          {status.is_https
                            ? `Accept URL ${result.accept_url}`
                            : `Accept URL to register: ${result.accept_url} (once the app is served over https)`}
                        </p>
                      )}
                    </div>
                    <span className="text-xs font-semibold text-slate-600">
                      {status.looks_valid
                        ? 'Valid'
                        : unneeded
                          ? simulatedEbayConfigWords.notNeeded
                          : status.configured
                            ? 'Looks invalid'
                            : 'Missing'}
                    </span>
                  </li>
                );
              })}
            </ul>
          </Card>
          {result.issues.length > 0 && (
            <Card className="p-4">
              <h2 className="font-semibold text-slate-900">Issues</h2>
              <BulletLines lines={result.issues} margin="mt-2" />
              <h3 className="mt-4 font-semibold text-slate-900">How to fix</h3>
              <BulletLines lines={result.fix_instructions} margin="mt-1" />
            </Card>
          )}
          <Card className="p-4 text-sm text-slate-700">
            <h2 className="font-semibold text-slate-900">Setup</h2>
            <ol className="mt-2 list-decimal space-y-1 pl-5 wrap-anywhere">
              {result.setup_instructions.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ol>
          </Card>
          <details className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
            <summary className="cursor-pointer font-semibold text-slate-900">Raw data</summary>
            <pre className="mt-2 overflow-x-auto text-xs text-slate-600">{JSON.stringify(result, null, 2)}</pre>
          </details>
        </div>
      )}
    </PlainPage>
  );
}

/** The check's lines (its issues, how to fix them) as a bulleted list; each line is its own key. */
function BulletLines({ lines, margin }: { lines: readonly string[]; margin: 'mt-1' | 'mt-2' }) {
  return <LineList lines={lines} className={`${margin} list-disc space-y-1 pl-5 text-sm text-slate-700`} />;
}
