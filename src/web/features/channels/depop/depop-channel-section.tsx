import { depopMessages } from '@shared/contracts/depop';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { ChannelConnectButton } from '@/entities/channels/connect-button';
import { ChannelDisconnect } from '@/entities/channels/disconnect-dialog';
import { ChannelSection } from '@/entities/channels/channel-section';
import { useChannelConnection } from '@/entities/channels/use-channel-connection';
import { useChannelConnectionList } from '@/entities/channels/use-channel-connections';
import { DepopOfferRuleSettings } from './depop-offer-rule';
import { SimulatedDepopNote } from './simulated-depop-note';
import { useConsentReturn } from '@/entities/channels/use-consent-return';
import { DepopShippingDefault } from './depop-shipping-default';

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
  const { status } = depop;
  const { exchange, denied } = useConsentReturn('depop', false, depop.complete);
  const state = status?.status;

  return (
    <ChannelSection
      channel="depop"
      iconClassName="text-red-600"
      wraps
      status={
        list.isPending || exchange.isPending ? (
          <Spinner className="size-4" />
        ) : !status?.configured ? (
          depopSectionWords.notConfigured
        ) : state === 'connected' ? (
          depopSectionWords.connected(status.accountLabel)
        ) : state === 'expired' ? (
          depopSectionWords.expired
        ) : (
          depopSectionWords.notConnected
        )
      }
      action={<ChannelConnectButton connection={depop} name="Depop" configured={status?.configured} state={state} />}
    >
      {status?.simulated && <SimulatedDepopNote />}
      {list.isError && <Alert tone="error">Could not read your Depop connection: {list.error.message}</Alert>}
      {depop.connectError && <Alert tone="error">{depop.connectError.message}</Alert>}
      {exchange.isError && <Alert tone="error">{exchange.error.message || depopMessages.connectFailed}</Alert>}
      {exchange.isSuccess && state === 'connected' && <Alert tone="success">{depopSectionWords.justConnected}</Alert>}
      {denied && <Alert tone="warning">{depopSectionWords.denied}</Alert>}
      {state === 'connected' && (
        <>
          <ChannelDisconnect connection={depop} name="Depop" message={depopSectionWords.disconnectMessage}>
            <DepopShippingDefault />
            <DepopOfferRuleSettings />
          </ChannelDisconnect>
        </>
      )}
    </ChannelSection>
  );
}
