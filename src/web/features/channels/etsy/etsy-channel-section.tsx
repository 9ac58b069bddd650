import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  etsyDeliveryDaysDefault,
  etsyMessages,
  etsyShopSetupBody,
  type EtsyConnectionResponse,
  type EtsyShopSetupBody,
} from '@shared/contracts/etsy';
import { currencySymbol, minorDigits, money } from '@shared/domain/money';
import { moneyInputMessages, moneyInputText } from '@shared/domain/money-input';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { SimulatedEtsyNote } from './simulated-etsy-note';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { ChannelConnectButton } from '@/entities/channels/connect-button';
import { ChannelDisconnect } from '@/entities/channels/disconnect-dialog';
import { useConsentReturn } from '@/entities/channels/use-consent-return';
import { ChannelSection } from '@/entities/channels/channel-section';
import { useChannelConnection } from '@/entities/channels/use-channel-connection';
import { useSellerRegion } from '@/entities/seller-region/use-seller-region';
import { MoneyFormField } from '@/lib/forms/money-form-field';
import { typedAmount } from '@/lib/forms/money-schema';
import { useEtsyConnection, useEtsyShopSetup } from './use-etsy';

type Shop = NonNullable<NonNullable<EtsyConnectionResponse['connection']>['shop']>;

/** The shop setup as typed: text, the lists' picks as their text, until Save reads them. */
const shopSetupDraft = z.object({
  postalCode: z.string(),
  price: z.string(),
  daysMin: z.string(),
  daysMax: z.string(),
  deliveryMin: z.string(),
  deliveryMax: z.string(),
  acceptsReturns: z.boolean(),
  returnDays: z.string(),
});

/**
 * The form's check, said in one message under it (`root`): the postal code and the shipping price (typed in the
 * shop's `currency`, which the server requires) in the form's words, then the contract's `etsyShopSetupBody` (its
 * processing and delivery days in order). Only what the shop still needs is sent, shipped from the seller's `country`.
 */
function shopSetupFields({
  currency,
  country,
  needsShipping,
  needsReturns,
}: {
  currency: string;
  country: string;
  needsShipping: boolean;
  needsReturns: boolean;
}) {
  return shopSetupDraft.transform((draft, ctx): EtsyShopSetupBody => {
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', path: ['root'], message });
      return z.NEVER;
    };
    const typed = typedAmount(currency).safeParse(draft.price);
    const priceProblem = typed.success ? null : (typed.error.issues[0]?.message ?? moneyInputMessages.notAmount);
    if (needsShipping && !draft.postalCode.trim()) return refuse('Enter the postal code you ship from.');
    if (needsShipping && priceProblem && priceProblem !== moneyInputMessages.notAmount) return refuse(priceProblem);
    const shippingPrice = typed.success ? typed.data : null;
    if (needsShipping && !shippingPrice) return refuse('Enter a shipping price of 0 or more.');
    const sent = etsyShopSetupBody.safeParse({
      ...(needsShipping
        ? {
            shipping: {
              originPostalCode: draft.postalCode.trim(),
              // Shipped from the seller's own country.
              originCountry: country,
              // Money in the shop's currency (decision 081); the server turns it into Etsy's decimal.
              price: shippingPrice,
              processingDaysMin: Number(draft.daysMin),
              processingDaysMax: Number(draft.daysMax),
              deliveryDaysMin: Number(draft.deliveryMin),
              deliveryDaysMax: Number(draft.deliveryMax),
            },
          }
        : {}),
      ...(needsReturns
        ? { returns: { acceptsReturns: draft.acceptsReturns, ...(draft.acceptsReturns ? { days: Number(draft.returnDays) } : {}) } }
        : {}),
    });
    return sent.success ? sent.data : refuse(sent.error.issues[0]?.message ?? 'Invalid request');
  });
}

/** The days Etsy's shipping profile asks for, each with the choices it takes. */
const shippingDays = [
  ['daysMin', 'Ships within (fewest days)', [1, 2, 3, 4, 5]],
  ['daysMax', 'Ships within (most days)', [1, 2, 3, 4, 5, 7, 10]],
  ['deliveryMin', 'Delivery takes (fewest days)', [1, 2, 3, 4, 5, 7, 10, 14]],
  ['deliveryMax', 'Delivery takes (most days)', [1, 2, 3, 4, 5, 7, 10, 14, 21, 30]],
] as const;

function ShopSetupForm({ shop }: { shop: Shop }) {
  const setup = useEtsyShopSetup();
  const region = useSellerRegion().data;
  // Typed in the shop's currency (the server refuses another), 5 of it to start with.
  const currency = shop.currency;
  const needsShipping = !shop.shippingProfile || !shop.processingProfile;
  const needsReturns = !shop.returnPolicy;
  const { control, register, handleSubmit, watch, formState } = useForm({
    resolver: zodResolver(shopSetupFields({ currency, country: region?.country ?? 'US', needsShipping, needsReturns })),
    shouldFocusError: false,
    defaultValues: {
      postalCode: '',
      price: moneyInputText(money(5 * 10 ** minorDigits(currency), currency)),
      daysMin: '1',
      daysMax: '3',
      deliveryMin: String(etsyDeliveryDaysDefault.min),
      deliveryMax: String(etsyDeliveryDaysDefault.max),
      acceptsReturns: true,
      returnDays: '30',
    },
  });
  const acceptsReturns = watch('acceptsReturns');
  const problem = formState.errors.root?.message;

  const submit = handleSubmit((body) => setup.mutate(body));

  const selectClass = 'h-11 min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-base sm:text-sm';
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
      aria-label="Set up your Etsy shop"
    >
      <p className="text-sm text-slate-700">Etsy needs these before your items can go live there.</p>
      {needsShipping && (
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-semibold text-slate-800">Shipping</legend>
          <TextField label="Ship-from postal code" {...register('postalCode')} autoComplete="postal-code" />
          <MoneyFormField control={control} name="price" label={`Shipping price (${currencySymbol(currency)})`} currency={currency} />
          {shippingDays.map(([name, label, days]) => (
            <label key={name} className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
              {label}
              <select className={selectClass} {...register(name)}>
                {days.map((d) => (
                  <option key={d}>{d}</option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>
      )}
      {needsReturns && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-800">Returns</legend>
          <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="size-5" {...register('acceptsReturns')} />
            Accept returns
          </label>
          {acceptsReturns && (
            <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
              Days to return
              <select className={selectClass} {...register('returnDays')}>
                {[7, 14, 21, 30, 45, 60, 90].map((d) => (
                  <option key={d}>{d}</option>
                ))}
              </select>
            </label>
          )}
        </fieldset>
      )}
      {problem && <Alert tone="error">{problem}</Alert>}
      {setup.isError && <Alert tone="error">{setup.error.message}</Alert>}
      <Button type="submit" loading={setup.isPending} className="self-start">
        Save shop setup
      </Button>
    </form>
  );
}

function ShopSetupSummary({ shop }: { shop: Shop }) {
  const rows = [
    ['Shipping profile', shop.shippingProfile ? shop.shippingProfile.title : 'Missing'],
    ['Processing time', shop.processingProfile ? shop.processingProfile.label : 'Missing'],
    [
      'Return policy',
      shop.returnPolicy
        ? shop.returnPolicy.acceptsReturns
          ? `Returns within ${shop.returnPolicy.days ?? 30} days`
          : 'No returns'
        : 'Missing',
    ],
  ] as const;
  return (
    <dl className="grid gap-1 text-sm sm:grid-cols-3">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-slate-500">{label}</dt>
          <dd className={value === 'Missing' ? 'font-medium text-amber-700' : 'text-slate-800'}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Etsy's section of the Marketplaces screen: connect, the shop and its setup, reconnect, disconnect. */
export function EtsyChannelSection() {
  const connection = useEtsyConnection();
  const etsy = useChannelConnection('etsy');
  // Depop lands here too: only a return from Etsy's consent (or one this tab did not remember) is Etsy's.
  const { exchange, denied } = useConsentReturn('etsy', true, etsy.complete);
  const data = connection.data;
  const status = data?.connection?.status;
  const shop = data?.connection?.shop ?? null;
  const complete = Boolean(shop?.shippingProfile && shop.returnPolicy && shop.processingProfile);

  return (
    <ChannelSection
      channel="etsy"
      iconClassName="text-orange-600"
      status={
        connection.isPending || exchange.isPending ? (
          <Spinner className="size-4" />
        ) : !data?.configured ? (
          data?.redirectUri ? (
            etsyMessages.howToConfigure(data.redirectUri)
          ) : (
            etsyMessages.notConfigured
          )
        ) : status === 'connected' ? (
          `Connected: ${shop?.shopName ?? 'your shop'}.`
        ) : status === 'expired' ? (
          'Connection expired: reconnect to keep listing on Etsy.'
        ) : (
          'Not connected.'
        )
      }
      action={<ChannelConnectButton connection={etsy} name="Etsy" configured={data?.configured} state={status} />}
    >
      {data?.simulated && <SimulatedEtsyNote />}
      {connection.isError && <Alert tone="error">Could not read your Etsy connection: {connection.error.message}</Alert>}
      {etsy.connectError && <Alert tone="error">{etsy.connectError.message}</Alert>}
      {exchange.isError && <Alert tone="error">{exchange.error.message}</Alert>}
      {exchange.isSuccess && status === 'connected' && <Alert tone="success">Etsy shop connected.</Alert>}
      {denied && <Alert tone="warning">{etsyMessages.denied}</Alert>}
      {status === 'connected' && shop && (
        <>
          <ShopSetupSummary shop={shop} />
          {!complete && <ShopSetupForm shop={shop} />}
          <ChannelDisconnect
            connection={etsy}
            name="Etsy"
            message="The app will no longer list, update or end your Etsy listings, or read your Etsy sales, until you connect again."
          />
        </>
      )}
    </ChannelSection>
  );
}
