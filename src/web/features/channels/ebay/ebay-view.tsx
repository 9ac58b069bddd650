import { useState, type ReactNode } from 'react';
import type { ListingItem } from '@shared/contracts/listings';
import { Link } from 'react-router';
import { ebayMessages } from '@shared/contracts/ebay';
import { Alert } from '@/components/alert';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { StoreIcon } from '@/components/icons';
import { SimulatedEbayNote } from './simulated-ebay-note';
import { PageSpinner } from '@/components/spinner';
import { useToast } from '@/components/toast';
import { DisconnectDialog, endingProgress } from '@/entities/channels/disconnect-dialog';
import { ApiError } from '@/lib/api-client';
import { ViewHeader } from '@/components/view-header';
import { useCheckPolicies, useEbayConnection } from './api/ebay-account';
import { ConnectionCard } from './connection-card';
import { CreatePoliciesSheet } from './create-policies-sheet';
import { LocationSheet } from './location-sheet';
import { PoliciesPanel } from './policies-panel';
import { PublishList } from './publish/publish-list';
import { ImportCard } from './import-card';
import { SkuPrefixCard } from './sku-prefix-card';
import { ProductSafetyCard } from './product-safety-card';
import { SellerRegionCard } from '@/entities/seller-region/seller-region-card';
import { useSellerRegion } from '@/entities/seller-region/use-seller-region';
import { useProductSafety } from './api/product-safety';
import { ebayRegionMarketplace } from './region-marketplace';
import { useEbayConnect } from './use-ebay-connect';
import { tell } from '@/lib/told';

export const disconnectConfirmation = 'Are you sure you want to disconnect your eBay account? You can connect it again at any time.';

/**
 * eBay Integration: the connection card, policies, location and disconnect, then every listing with its
 * readiness and publishing. `renderEditDetails` is the listing edit the app composes in (features do not import
 * each other).
 */
export function EbayView({ renderEditDetails }: { renderEditDetails?: (item: ListingItem, onDone: () => void) => ReactNode } = {}) {
  const connection = useEbayConnection();
  const { connect, connecting, disconnect, status } = useEbayConnect();
  const checkPolicies = useCheckPolicies();
  const notify = useToast();
  // The cards above the listings take their own height once their data is in (where you sell from grows from a line
  // to its form): the listings wait for them, so a tap on a listing's button never lands on what moved under it.
  const region = useSellerRegion();
  const safety = useProductSafety();
  const aboveSettled = !region.isPending && !safety.isPending;
  const [confirmDisconnect, setConfirmDisconnect] = useState(false);
  const [creating, setCreating] = useState(false);
  const [editingLocation, setEditingLocation] = useState(false);

  const data = connection.data;
  const current = data?.connection ?? null;
  const connected = current?.status === 'connected';

  // Connected: no Connect button; an expired connection offers Reconnect instead.
  const connectButton = (
    <Button onClick={connect} loading={connecting} variant={current && connected ? 'secondary' : 'primary'}>
      {current ? 'Reconnect eBay' : 'Connect eBay'}
    </Button>
  );

  return (
    <div>
      <ViewHeader title="eBay Integration" subtitle="Connect your eBay seller account and publish ready listings." />
      {data?.simulated && (
        <Alert tone="warning" className="mb-4">
          <SimulatedEbayNote />
          <p className="mt-2" data-testid="simulated-ebay-explained">
            This server has no eBay keys, so it runs a simulated eBay: connecting and publishing work as they would, and listings open on
            the simulation&apos;s own pages. The{' '}
            <Link className="inline-flex min-h-11 items-center font-medium underline" to="/test-ebay-config">
              eBay configuration test
            </Link>{' '}
            shows which keys switch to eBay.
          </p>
        </Alert>
      )}
      {connection.isPending ? (
        <PageSpinner />
      ) : connection.isError ? (
        <LoadError onRetry={() => void connection.refetch()}>{connection.error.message}</LoadError>
      ) : !data?.configured && !current ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-600">
            <StoreIcon className="size-7" />
          </span>
          <p className="text-base font-semibold text-slate-800">Connect eBay First</p>
          <p className="max-w-sm text-sm text-slate-500">
            This server has no eBay keys yet. The{' '}
            <Link className="inline-flex min-h-11 items-center font-medium text-indigo-700 underline" to="/test-ebay-config">
              eBay configuration test
            </Link>{' '}
            shows what to set.
          </p>
        </Card>
      ) : !current ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="ebay-not-connected">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-600">
            <StoreIcon className="size-7" />
          </span>
          <p className="text-base font-semibold text-slate-800">Connect eBay First</p>
          <p className="max-w-sm text-sm text-slate-500">
            Connect your eBay seller account (
            {data?.simulated ? 'simulated' : data?.environment === 'production' ? 'Production' : 'Sandbox'}) to publish your listings. eBay
            opens in a new window where you sign in and agree.
          </p>
          <div className="mt-2">{connectButton}</div>
        </Card>
      ) : (
        <div className="flex flex-col gap-4">
          <ConnectionCard
            connection={current}
            simulated={data?.simulated ?? false}
            locationOnFirstPublish={data?.locationOnFirstPublish}
            actions={
              <>
                {!connected && connectButton}
                <Button variant="secondary" disabled={!connected} loading={checkPolicies.isPending} onClick={() => checkPolicies.mutate()}>
                  Check Policies
                </Button>
                <Button variant="secondary" disabled={!connected} onClick={() => setCreating(true)}>
                  Create Policies
                </Button>
                <Button variant="secondary" disabled={!connected} onClick={() => setEditingLocation(true)}>
                  {current.defaultLocation ? 'Change Location' : 'Set Location'}
                </Button>
                <Button variant="secondary" loading={disconnect.isPending} onClick={() => setConfirmDisconnect(true)}>
                  Disconnect
                </Button>
              </>
            }
          />
          {disconnect.isPending && endingProgress(status) && <Alert tone="info">{endingProgress(status)}</Alert>}
          <SellerRegionCard marketplace={ebayRegionMarketplace} />
          <ProductSafetyCard />
          <SkuPrefixCard key={data?.skuPrefix} prefix={data?.skuPrefix ?? ''} />
          <ImportCard connected={connected} />
          {checkPolicies.isError && <Alert tone="error">{checkPolicies.error.message}</Alert>}
          {checkPolicies.data && connected && (
            <PoliciesPanel
              key={JSON.stringify(checkPolicies.data)}
              check={checkPolicies.data}
              inUse={current.policies}
              onCreate={() => setCreating(true)}
            />
          )}
          {aboveSettled ? (
            <PublishList
              connectionVersion={JSON.stringify([
                current.updatedAt,
                current.status,
                current.policies,
                current.defaultLocation?.merchantLocationKey ?? null,
              ])}
              renderEditDetails={renderEditDetails}
              simulated={data?.simulated ?? false}
            />
          ) : (
            <PageSpinner />
          )}
        </div>
      )}
      {creating && (
        <CreatePoliciesSheet
          open
          onOpenChange={(open) => {
            setCreating(open);
            if (!open && checkPolicies.data) checkPolicies.mutate();
          }}
        />
      )}
      {editingLocation && current && <LocationSheet open onOpenChange={setEditingLocation} current={current.defaultLocation} />}
      <DisconnectDialog
        open={confirmDisconnect}
        onOpenChange={setConfirmDisconnect}
        status={status}
        title="Disconnect eBay"
        message={disconnectConfirmation}
        onConfirm={() =>
          tell(disconnect, undefined, {
            onSuccess: () => checkPolicies.reset(),
            onError: (error) => notify('error', error instanceof ApiError ? ebayMessages.disconnectFailed : error.message),
          })
        }
      />
    </div>
  );
}
