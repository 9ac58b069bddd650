import { formatDay } from '@shared/domain/display-format';

import type { ReactNode } from 'react';
import { ebayMessages, type EbayConnection } from '@shared/contracts/ebay';
import { ebayEnvironmentLabel, ebayMarketplaceName } from '@shared/domain/ebay-names';
import { ebaySkuMessages } from '@shared/domain/ebay-sku';
import { Alert } from '@/components/alert';
import { Card } from '@/components/card';
import { CheckIcon, XIcon } from '@/components/icons';

const dateTime = (iso: string) => formatDay(iso, { year: true, time: true });

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0" data-testid={testId}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      {/* Wrapped, never cut: a long eBay user id reads whole on a phone. */}
      <dd className="mt-0.5 text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function CheckRow({ ok, label, optional }: { ok: boolean; label: string; optional?: boolean }) {
  return (
    <li className="flex items-center gap-2 text-sm">
      {ok ? (
        <CheckIcon className="size-5 shrink-0 text-emerald-600" aria-label="set" />
      ) : (
        <XIcon className={optional ? 'size-5 shrink-0 text-amber-500' : 'size-5 shrink-0 text-red-600'} aria-label="missing" />
      )}
      <span className={ok ? 'text-slate-800' : 'text-slate-600'}>{label}</span>
    </li>
  );
}

/** The connection card: user id, environment, marketplace, last updated, token expiry, location, checklist. */
export function ConnectionCard({
  connection,
  simulated,
  locationOnFirstPublish = null,
  actions,
}: {
  connection: EbayConnection;
  /** Whether the first publish creates the missing location (the server asked eBay for the account's address). */
  locationOnFirstPublish?: boolean | null;
  /** The server runs the simulated eBay: its environment is not called Sandbox. */
  simulated: boolean;
  actions: ReactNode;
}) {
  const { policies, defaultLocation: location } = connection;
  const expired = connection.status === 'expired';
  return (
    <Card className="p-4 sm:p-6" data-testid="ebay-connection-card">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="flex-1 text-lg font-bold tracking-tight text-slate-900">eBay account</h2>
        <span
          className={
            expired
              ? 'rounded-full bg-red-50 px-2.5 py-1 text-xs font-semibold text-red-700 ring-1 ring-red-200'
              : 'rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200'
          }
        >
          {expired ? 'Reconnect needed' : 'Connected'}
        </span>
      </div>
      {expired && (
        <Alert tone="error" className="mt-4">
          {ebayMessages.tokenExpired}
        </Alert>
      )}
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label="eBay user ID" testId="ebay-user-id">
          {connection.ebayUserId}
          {connection.ebayUsername && connection.ebayUsername !== connection.ebayUserId && (
            <span className="font-normal text-slate-500"> ({connection.ebayUsername})</span>
          )}
        </Fact>
        <Fact label="Environment" testId="ebay-environment">
          {ebayEnvironmentLabel({ simulated, environment: connection.environment })}
        </Fact>
        <Fact label="Marketplace">{ebayMarketplaceName(connection.marketplaceId)}</Fact>
        <Fact label="Last updated">{dateTime(connection.updatedAt)}</Fact>
        <Fact label="Token expires" testId="ebay-token-expiry">
          {dateTime(connection.tokenExpiresAt)}
          <span className="block text-xs font-normal text-slate-500">
            Renewed automatically
            {connection.refreshTokenExpiresAt ? `; reconnect by ${formatDay(connection.refreshTokenExpiresAt, { year: true })}` : ''}
          </span>
        </Fact>
        <Fact label="Default location" testId="ebay-default-location">
          {location ? (
            <>
              {location.name}
              <span className="block text-xs font-normal text-slate-500">
                {[location.city, location.stateOrProvince].filter(Boolean).join(', ') || `${location.postalCode ?? ''} ${location.country}`}
              </span>
            </>
          ) : (
            <span className="font-normal text-slate-500">Not set</span>
          )}
        </Fact>
      </dl>
      {connection.sharedWithAnotherAccount && (
        <div className="mt-4" data-testid="ebay-shared-account">
          <Alert tone="warning">{ebaySkuMessages.sharedAccount}</Alert>
        </div>
      )}
      {/* The spec's promise only where the first publish keeps it. */}
      {!location && (
        <Alert tone={locationOnFirstPublish === false ? 'error' : 'warning'} className="mt-4">
          <span data-testid="ebay-location-note">
            {locationOnFirstPublish === true
              ? ebayMessages.locationWarning
              : locationOnFirstPublish === false
                ? ebayMessages.locationNoAddress
                : ebayMessages.locationUnchecked}
          </span>
        </Alert>
      )}
      <div className="mt-5 border-t border-slate-100 pt-4">
        <h3 className="text-sm font-semibold text-slate-900">Policy checklist</h3>
        <ul className="mt-2 grid gap-1.5 sm:grid-cols-2" data-testid="ebay-policy-checklist">
          <CheckRow ok={Boolean(policies.paymentPolicyId)} label="Payment policy" />
          <CheckRow ok={Boolean(policies.fulfillmentPolicyId)} label="Fulfillment policy" />
          <CheckRow ok={Boolean(policies.returnPolicyId)} label="Return policy" />
          <CheckRow ok={Boolean(location)} label="Inventory location" optional />
        </ul>
      </div>
      <div className="mt-5 flex flex-wrap gap-2">{actions}</div>
    </Card>
  );
}
