import { useState } from 'react';
import { depopMessages } from '@shared/contracts/depop';
import { channelNames } from '@shared/domain/channel-listing';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { StoreIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { DisconnectDialog, endingProgress } from '@/entities/channels/disconnect-dialog';
import { useChannelConnection } from '@/entities/channels/use-channel-connection';
import { useChannelConnectionList } from '@/entities/channels/use-channel-connections';
import { DepopOfferRuleSettings } from './depop-offer-rule';
import { DepopShippingDefault } from './depop-shipping-default';
import { SimulatedDepopNote } from './simulated-depop-note';
import { useDepopConsentReturn } from './use-depop-consent-return';

export const depopSectionWords = {
  notConfigured: 'Depop is not set up on this server yet, so the app cannot list on Depop.',
  notConnected: 'Not connected.',
  expired: 'Connection expired: reconnect to keep listing on Depop.',
  connected: (shop: string | null) => `Connected: ${shop ?? 'your Depop shop'}.`,
  justConnected: 'Depop shop connected.',
  denied: 'Depop did not grant access, so nothing was connected.',
  disconnectMessage: 'The app will no longer list, update or end your Depop listings, or read your Depop sales, until you connect again.',
} as const;

/** Depop's section of the Marketplaces screen: connect through Depop's consent, the shop, disconnect. */
export function DepopChannelSection() {
  const list = useChannelConnectionList();
  const depop = useChannelConnection('depop');
  const { status, disconnect } = depop;
  const { exchange, denied } = useDepopConsentReturn(depop.complete);
  const [confirming, setConfirming] = useState(false);
  const state = status?.status;

  return (
    <section aria-labelledby="channel-depop" className="flex flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-wrap items-center gap-4">
        <StoreIcon className="size-6 shrink-0 text-red-600" />
        <div className="min-w-0 flex-1">
          <h2 id="channel-depop" className="text-base font-semibold text-slate-900">
            {channelNames.depop}
          </h2>
          <p className="text-sm break-words text-slate-600" data-testid="depop-status">
            {list.isPending || exchange.isPending ? (
              <Spinner className="size-4" />
            ) : !status?.configured ? (
              depopSectionWords.notConfigured
            ) : state === 'connected' ? (
              depopSectionWords.connected(status.accountLabel)
            ) : state === 'expired' ? (
              depopSectionWords.expired
            ) : (
              depopSectionWords.notConnected
            )}
          </p>
        </div>
        {status?.configured && state !== 'connected' && (
          <Button onClick={() => depop.connect()} loading={depop.connecting} className="shrink-0">
            {state === 'expired' ? 'Reconnect Depop' : 'Connect Depop'}
          </Button>
        )}
      </div>
      {status?.simulated && <SimulatedDepopNote />}
      {list.isError && <Alert tone="error">Could not read your Depop connection: {list.error.message}</Alert>}
      {depop.connectError && <Alert tone="error">{depop.connectError.message}</Alert>}
      {exchange.isError && <Alert tone="error">{exchange.error.message || depopMessages.connectFailed}</Alert>}
      {exchange.isSuccess && state === 'connected' && <Alert tone="success">{depopSectionWords.justConnected}</Alert>}
      {denied && <Alert tone="warning">{depopSectionWords.denied}</Alert>}
      {state === 'connected' && (
        <>
          {disconnect.isError && <Alert tone="error">{disconnect.error.message}</Alert>}
          {disconnect.isPending && endingProgress(status) && <Alert tone="info">{endingProgress(status)}</Alert>}
          <DepopShippingDefault />
          <DepopOfferRuleSettings />
          <Button variant="secondary" className="self-start" onClick={() => setConfirming(true)} loading={disconnect.isPending}>
            Disconnect Depop
          </Button>
          <DisconnectDialog
            open={confirming}
            onOpenChange={setConfirming}
            status={status}
            title="Disconnect Depop?"
            message={depopSectionWords.disconnectMessage}
            onConfirm={() => disconnect.mutate()}
          />
        </>
      )}
    </section>
  );
}
