import type { EbayConfigCheck } from '@shared/contracts/ebay-config';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { CheckIcon, XIcon } from '../../components/icons';
import { PlainPage } from '../../components/plain-page';
import { useEbayConfigCheck } from './api/config-check';

const rows: Array<{ key: keyof EbayConfigCheck['credentials']; label: string; variable: string }> = [
  { key: 'clientId', label: 'Client ID', variable: 'EBAY_CLIENT_ID' },
  { key: 'clientSecret', label: 'Client Secret', variable: 'EBAY_CLIENT_SECRET' },
  { key: 'ruName', label: 'Redirect name (RuName)', variable: 'EBAY_RU_NAME' },
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
          Configuration check not accessible: {check.error.message}
        </Alert>
      )}
      {result && (
        <div className="mt-6 flex flex-col gap-4">
          <Alert
            tone={result.readyForOauth ? 'success' : 'warning'}
            title={result.readyForOauth ? 'Ready to connect eBay accounts' : 'Not ready to connect eBay accounts'}
          >
            Environment: <strong>{result.environment === 'production' ? 'Production' : 'Sandbox'}</strong>
          </Alert>
          <Card>
            <ul className="divide-y divide-slate-100">
              {rows.map(({ key, label, variable }) => {
                const status = result.credentials[key];
                return (
                  <li key={key} className="flex items-center gap-3 px-4 py-3" data-testid={`ebay-${key}`}>
                    {status.looksValid ? <CheckIcon className="size-5 text-emerald-600" /> : <XIcon className="size-5 text-red-600" />}
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-slate-900">{label}</p>
                      <p className="truncate font-mono text-xs text-slate-500">{status.value ?? `${variable} not set`}</p>
                    </div>
                    <span className="text-xs font-semibold text-slate-600">
                      {status.looksValid ? 'Valid' : status.configured ? 'Looks invalid' : 'Missing'}
                    </span>
                  </li>
                );
              })}
            </ul>
          </Card>
          {result.issues.length > 0 && (
            <Card className="p-4">
              <h2 className="font-semibold text-slate-900">Issues</h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
                {result.issues.map((issue) => (
                  <li key={issue}>{issue}</li>
                ))}
              </ul>
              <h3 className="mt-4 font-semibold text-slate-900">How to fix</h3>
              <p className="mt-1 text-sm text-slate-700">
                Set the missing variables in the server&apos;s environment and restart it. In eBay&apos;s developer portal, under User
                Tokens, set the RuName&apos;s accept URL to <code className="rounded bg-slate-100 px-1">{result.callbackUrl}</code>.
              </p>
            </Card>
          )}
          <Card className="p-4 text-sm text-slate-700">
            <h2 className="font-semibold text-slate-900">Setup</h2>
            <ol className="mt-2 list-decimal space-y-1 pl-5">
              <li>Create a keyset at developer.ebay.com (Sandbox first, then Production).</li>
              <li>Copy the App ID into EBAY_CLIENT_ID and the Cert ID into EBAY_CLIENT_SECRET.</li>
              <li>Create a RuName (eBay Redirect URL name) with the accept URL above; put its name into EBAY_RU_NAME.</li>
              <li>Set EBAY_ENV to sandbox or production to match the keyset.</li>
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
