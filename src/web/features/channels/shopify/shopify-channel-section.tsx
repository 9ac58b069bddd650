import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { channelConnectBody } from '@shared/contracts/channels';
import { shopifyMessages } from '@shared/contracts/shopify';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { SimulatedShopifyNote } from './simulated-shopify-note';
import { ChannelDisconnect } from '@/entities/channels/disconnect-dialog';
import { ChannelSection } from '@/entities/channels/channel-section';
import { useChannelConnection } from '@/entities/channels/use-channel-connection';
import { useShopifyConnection } from './use-shopify';

/** The server sends the seller back here after Shopify's install, with ?shopifyError=... when it was refused. */
function useInstallReturn() {
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const error = params.get('shopifyError');
    if (!error) return;
    setProblem(error);
    params.delete('shopifyError');
    const rest = params.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${rest ? `?${rest}` : ''}`);
  }, []);
  return problem;
}

/** The store's address as typed, as the contract's connect body; an address it cannot take is said in Shopify's words. */
const connectFields = channelConnectBody.unwrap().unwrap().required();
const addressProblem = { error: () => shopifyMessages.badDomain };

/** Shopify's section of the Marketplaces screen: the store's address, connect, the store, disconnect. */
export function ShopifyChannelSection() {
  const connection = useShopifyConnection();
  const shopify = useChannelConnection('shopify');
  const returned = useInstallReturn();
  const data = connection.data;
  const store = data?.connection?.shop ?? null;
  /** Shopify refused the store's token (the app removed, its access revoked): connected again through the same form. */
  const expired = data?.connection?.status === 'expired';
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(connectFields, addressProblem),
    shouldFocusError: false,
    defaultValues: { shop: '' },
    // Reconnecting, the form holds the store the app knows, so the seller need not type it again; what they typed stays.
    values: expired && store ? { shop: store.domain } : undefined,
    resetOptions: { keepDirtyValues: true },
  });

  const submit = handleSubmit((body) => shopify.connect(body));

  return (
    <ChannelSection
      channel="shopify"
      iconClassName="text-green-700"
      status={
        connection.isPending ? (
          <Spinner className="size-4" />
        ) : !data?.configured ? (
          data?.redirectUri ? (
            shopifyMessages.howToConfigure(data.redirectUri)
          ) : (
            shopifyMessages.notConfigured
          )
        ) : store && expired ? (
          // On the screen where the form is: the message the other screens show says to come here.
          'Connection expired: reconnect to keep listing on Shopify.'
        ) : store ? (
          `Connected: ${store.name && !store.domain.startsWith(`${store.name}.`) ? `${store.name} (${store.domain})` : store.domain}.`
        ) : (
          'Not connected.'
        )
      }
    >
      {data?.simulated && <SimulatedShopifyNote />}
      {connection.isError && <Alert tone="error">Could not read your Shopify connection: {connection.error.message}</Alert>}
      {returned && <Alert tone="error">{returned}</Alert>}
      {data?.configured && (!store || expired) && (
        <form
          onSubmit={(event) => void submit(event)}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          aria-label="Connect your Shopify store"
        >
          <TextField
            label="Your store’s Shopify address"
            placeholder="my-store.myshopify.com"
            {...register('shop')}
            error={formState.errors.shop?.message}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            required
            className="sm:flex-1"
          />
          <Button type="submit" loading={shopify.connecting} className="shrink-0">
            {expired ? 'Reconnect Shopify' : 'Connect Shopify'}
          </Button>
        </form>
      )}
      {shopify.connectError && <Alert tone="error">{shopify.connectError.message}</Alert>}
      {shopify.needs && <Alert tone="error">{shopify.needs.message}</Alert>}
      {store && (
        <>
          <ChannelDisconnect
            connection={shopify}
            name="Shopify"
            message="The app will no longer list, update or end your Shopify products, or read your Shopify orders, until you connect again."
          />
        </>
      )}
    </ChannelSection>
  );
}
