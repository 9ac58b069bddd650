/**
 * The seller's eBay account: OAuth connect (the shared one-time state, channels/oauth/consent.ts), tokens encrypted
 * at rest in `channel_accounts` and refreshed before they expire by the shared token keeper (once per user even under
 * concurrency: in-process single flight plus a row lock across processes), disconnect, business policies, the
 * default inventory location.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  CreatePoliciesBody,
  EbayConnection,
  EbayConnectionResponse,
  EbayPolicySummary,
  PoliciesCheckResponse,
  SetLocationBody,
  ShippingServiceOption,
} from '@shared/contracts/ebay';
import { ebayMessages } from '@shared/contracts/ebay';
import { ebaySkuPrefixProblem, normaliseEbaySkuPrefix } from '@shared/domain/ebay-sku';
import { ebayMarketplaceName } from '@shared/domain/ebay-names';
import { AppError } from '@shared/errors';
import { EbayApiError, ebayTokenRefused } from '../api/ebay-api-error';
import type { EbayClient } from '../api/ebay-client';
import { noteAccountCountry, sellerRegionIn } from '../../../seller-region/service';
import { isSellerCountry, sellerRegionOfEbayMarketplace, type SellerCountry } from '@shared/domain/seller-region';
import { formatMoney, parseMoney } from '@shared/domain/money';
import type { EbayUser } from '../api/ebay-types';
import { connectionSubject } from '../../../jobs/job-subject';
import { enqueue } from '../../../jobs/queue';
import { ACCESS_TOKEN_REFRESH_MARGIN_MS, ebayUserScopes, ebayUserScopesBeforeSales, scopesReadOrders } from '../api/ebay-oauth';
import type { FulfillmentPolicy, PaymentPolicy, ReturnPolicy } from '../api/ebay-types';
import type { Db } from '../../../db/client';
import { systemClock, type Clock } from '../../../jobs/clock';
import { startSalesAfresh } from '../../../sales/sales-cursor';
import * as repo from './repo';
import { ebayAccountSharedWithAnother, saveSkuPrefix, skuPrefixOf } from './sku-prefix-repo';
import { sealTokens, type TokenCipher } from '../../token-crypto';
import { beginConsent, claimConsent } from '../../oauth/consent';
import { createTokenKeeper } from '../../oauth/token-keeper';
import { tokenRetryingClient } from '../../oauth/token-retrying-client';

const SHIPPING_CACHE_MS = 3600_000;

export interface EbayAccountDeps {
  db: Db;
  /** Null when the server has no eBay keyset. */
  client: EbayClient | null;
  environment: 'sandbox' | 'production';
  /** The client talks to the simulated eBay (no eBay keys on this server). */
  simulated?: boolean;
  cipher: TokenCipher;
  log: FastifyBaseLogger;
  clock?: Clock;
  /** After a seller connects (their order notifications subscribed, decision 076); never fails the connect. */
  onConnected?: (userId: string) => Promise<void>;
  /**
   * The simulated eBay's word on whether a code came from the consent opened with that state. eBay itself
   * takes no PKCE, so with real eBay the state (one use, this seller's, ten minutes) is the binding there is.
   */
  codeIssuedWith?: (code: string, state: string) => boolean;
}

const notConfigured = () =>
  new AppError('CONFLICT', 'eBay is not configured on this server (EBAY_CLIENT_ID, EBAY_CLIENT_SECRET, EBAY_RU_NAME).');
export const notConnected = () => new AppError('CONFLICT', 'eBay account not connected');
export const tokenExpired = () => new AppError('CONFLICT', ebayMessages.tokenExpired);
const stateRefused = () =>
  new AppError('NOT_FOUND', 'This eBay authorization has expired or was already used. Please close this window and try again.');

/** An eBay error in words the seller can act on. */
export function ebayFailure(error: unknown, what: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof EbayApiError) {
    const detail = error.longMessage && error.longMessage !== error.message ? `${error.message} ${error.longMessage}` : error.message;
    if (error.httpStatus === 429) return new AppError('RATE_LIMITED', `${what}: eBay is busy, try again in a minute.`);
    return new AppError(error.httpStatus >= 500 ? 'UNAVAILABLE' : 'BAD_REQUEST', `${what}: ${detail}`);
  }
  return new AppError('UNAVAILABLE', `${what}: eBay could not be reached.`);
}

function isDeadRefreshToken(error: unknown): boolean {
  return error instanceof EbayApiError && (error.oauthError === 'invalid_grant' || error.httpStatus === 401);
}

const summary = (id: string | undefined, name: string | undefined, description: string | null): EbayPolicySummary | null =>
  id ? { id, name: name ?? id, description } : null;

/** A fulfillment policy in words: eBay's name of its shipping service ("USPS Ground Advantage", not its code), cost, handling. */
function fulfillmentSummary(p: FulfillmentPolicy, serviceNames: Map<string, string>) {
  const service = p.shippingOptions?.[0]?.shippingServices?.[0];
  const shipping = service?.shippingCost?.value ? parseMoney(service.shippingCost.value, service.shippingCost.currency ?? 'USD') : null;
  const cost = service?.freeShipping ? 'free shipping' : shipping ? formatMoney(shipping) : null;
  const code = service?.shippingServiceCode;
  const parts = [
    code ? (serviceNames.get(code) ?? code) : null,
    cost,
    p.handlingTime?.value !== undefined ? `${p.handlingTime.value} day handling` : null,
  ];
  return summary(p.fulfillmentPolicyId, p.name, parts.filter(Boolean).join(' · ') || null);
}
const paymentSummary = (p: PaymentPolicy) => summary(p.paymentPolicyId, p.name, p.immediatePay ? 'Immediate payment required' : null);
const returnSummary = (p: ReturnPolicy) =>
  summary(p.returnPolicyId, p.name, p.returnsAccepted ? `${p.returnPeriod?.value ?? 30} day returns` : 'No returns');
const present = <T>(value: T | null): value is T => value !== null;

/**
 * The country of an eBay account (decision 102): the marketplace it registered on, else its registration address;
 * null when it is none we sell in.
 */
export function countryOfEbayUser(user: EbayUser): SellerCountry | null {
  const byMarketplace = sellerRegionOfEbayMarketplace(user.registrationMarketplaceId)?.country;
  if (byMarketplace) return byMarketplace;
  const country = (user.individualAccount?.registrationAddress?.country ?? user.businessAccount?.address?.country)?.toUpperCase();
  return isSellerCountry(country) ? country : null;
}

/** The policy names we create: unique per marketplace (eBay refuses a duplicate) and at most 64 characters. */
function policyName(kind: string) {
  return `Resale Studio ${kind} ${randomBytes(3).toString('hex')}`;
}

export function createEbayAccountService(deps: EbayAccountDeps) {
  const { db, cipher, log } = deps;
  const clock = deps.clock ?? systemClock;
  const shippingCache = new Map<string, { at: number; services: ShippingServiceOption[] }>();
  /** The seller's eBay marketplace: that of where they sell from (decision 102). */
  const marketplaceOf = async (userId: string) => (await sellerRegionIn(db, userId)).ebayMarketplaceId;

  const requireClient = () => {
    if (!deps.client) throw notConfigured();
    return deps.client;
  };

  const refreshDead = (row: repo.CredentialsRow, now = clock.now()) =>
    row.refreshTokenExpiresAt !== null && row.refreshTokenExpiresAt.getTime() <= now;

  const tokens = createTokenKeeper({
    db,
    cipher,
    channel: 'ebay',
    label: 'eBay',
    log,
    now: () => clock.now(),
    refreshMarginMs: ACCESS_TOKEN_REFRESH_MARGIN_MS,
    // A refresh asks for the scopes granted at consent, never more (eBay answers invalid_scope).
    refresh: (refreshToken, account) =>
      requireClient().oauth.refresh(refreshToken, account.scopes ? account.scopes.split(' ') : ebayUserScopesBeforeSales),
    isRefused: isDeadRefreshToken,
    isTokenRefused: ebayTokenRefused,
    notConnected,
    expired: tokenExpired,
  });

  function toConnection(
    row: repo.CredentialsRow,
    location: repo.LocationRow | undefined,
    shared: boolean,
    marketplaceId: string,
  ): EbayConnection {
    return {
      ebayUserId: row.ebayUserId,
      ebayUsername: row.ebayUsername,
      environment: row.isSandbox ? 'sandbox' : 'production',
      marketplaceId,
      updatedAt: row.updatedAt.toISOString(),
      tokenExpiresAt: row.tokenExpiresAt.toISOString(),
      refreshTokenExpiresAt: row.refreshTokenExpiresAt?.toISOString() ?? null,
      status: refreshDead(row) ? 'expired' : 'connected',
      policies: {
        paymentPolicyId: row.defaultPaymentPolicyId,
        fulfillmentPolicyId: row.defaultFulfillmentPolicyId,
        returnPolicyId: row.defaultReturnPolicyId,
      },
      defaultLocation: location
        ? {
            merchantLocationKey: location.merchantLocationKey,
            name: location.name,
            addressLine1: location.addressLine1,
            city: location.city,
            stateOrProvince: location.stateOrProvince,
            postalCode: location.postalCode,
            country: location.country,
          }
        : null,
      sharedWithAnotherAccount: shared,
      salesAccess: scopesReadOrders(row.scopes),
    };
  }

  async function connectionOf(userId: string): Promise<EbayConnection | null> {
    const row = await repo.findCredentials(db, userId);
    if (!row) return null;
    const [location, shared, marketplaceId] = await Promise.all([
      repo.defaultLocation(db, userId),
      ebayAccountSharedWithAnother(db, userId, row.ebayUserId),
      marketplaceOf(userId),
    ]);
    return toConnection(row, location, shared, marketplaceId);
  }

  async function getConnection(userId: string): Promise<EbayConnectionResponse> {
    const [connection, skuPrefix] = await Promise.all([connectionOf(userId), skuPrefixOf(db, userId)]);
    return { configured: deps.client !== null, environment: deps.environment, simulated: deps.simulated ?? false, connection, skuPrefix };
  }

  /** Sets the prefix of the SKUs sent to eBay from now on (items already on eBay keep the SKU they were listed with). */
  async function setSkuPrefix(userId: string, typed: string): Promise<string> {
    const problem = ebaySkuPrefixProblem(typed);
    if (problem) throw new AppError('VALIDATION_FAILED', problem);
    const skuPrefix = normaliseEbaySkuPrefix(typed);
    await saveSkuPrefix(db, userId, skuPrefix);
    return skuPrefix;
  }

  async function startOAuth(userId: string): Promise<string> {
    const client = requireClient();
    const { state } = await beginConsent(db, {
      userId,
      channel: 'ebay',
      pkce: false,
      data: { isSandbox: deps.environment === 'sandbox' },
      now: clock.now(),
    });
    return client.oauth.consentUrl(state);
  }

  async function exchangeCode(userId: string, code: string, state: string): Promise<EbayConnection> {
    const client = requireClient();
    const used = await claimConsent(db, { userId, channel: 'ebay', state, now: clock.now() });
    if (!used) throw stateRefused();
    // Another seller's code (from their own simulated consent) with this seller's state: refused, that code unspent.
    if (deps.codeIssuedWith && !deps.codeIssuedWith(code, state)) throw stateRefused();
    let granted;
    let ebayUser;
    try {
      granted = await client.oauth.exchangeCode(code, state);
      ebayUser = await client.identity.getUser(granted.accessToken);
    } catch (error) {
      log.warn({ userId, ebayError: error instanceof EbayApiError ? error.message : String(error) }, 'eBay code exchange failed');
      throw ebayFailure(error, ebayMessages.connectFailed.replace(/\.$/, ''));
    }
    if (!ebayUser.userId) throw new AppError('UNAVAILABLE', 'eBay did not say which account was connected.');
    // Where the account is registered sets the seller's country, unless they chose one themselves.
    const accountCountry = countryOfEbayUser(ebayUser);
    if (accountCountry) await noteAccountCountry(db, userId, 'ebay', accountCountry);
    await repo.upsertCredentials(db, {
      userId,
      ebayUserId: ebayUser.userId,
      ebayUsername: ebayUser.username ?? null,
      isSandbox: used.data.isSandbox === true,
      marketplaceId: await marketplaceOf(userId),
      ...sealTokens(cipher, granted),
      tokenExpiresAt: granted.expiresAt,
      refreshTokenExpiresAt: granted.refreshTokenExpiresAt,
      scopes: ebayUserScopes.join(' '),
    });
    // Another eBay account may be connected now: its sales are pulled from the first-pull horizon, not our cursor.
    await startSalesAfresh(db, userId, 'ebay');
    // The first pull of the seller's sales (the last 90 days) starts now, not at the next scheduled round.
    await enqueue(db, 'pull-sales', { userId, subject: connectionSubject('ebay') });
    log.info({ userId, ebayUserId: ebayUser.userId }, 'eBay account connected');
    void deps.onConnected?.(userId).catch((err: unknown) => log.warn({ err, userId }, 'after connecting eBay'));
    return (await connectionOf(userId))!;
  }

  /** A usable access token for the seller, refreshed first when under 5 minutes remain. */
  async function accessToken(userId: string): Promise<string> {
    requireClient();
    return (await tokens.accessToken(userId)).token;
  }

  /**
   * The seller's token (refreshed first when under 5 minutes remain) and a client whose calls made with it go through
   * the token keeper: a token eBay refuses before its end (401, errorId 1001) is refreshed once and the call tried
   * again, as every other eBay call (`withUserToken`) and every other marketplace's session (decision 156). The publish
   * session and the listing import take it.
   */
  async function userSession(userId: string): Promise<{ client: EbayClient; accessToken: string }> {
    const client = requireClient();
    const { token } = await tokens.accessToken(userId);
    return { client: tokenRetryingClient(client, tokens, userId, token, { nested: true }), accessToken: token };
  }

  /** Runs a user-token call; when eBay refuses the token (401) it is refreshed once and the call tried again. */
  async function withUserToken<T>(userId: string, call: (accessToken: string) => Promise<T>): Promise<T> {
    requireClient();
    return tokens.withToken(userId, call);
  }

  async function disconnect(userId: string): Promise<void> {
    const deleted = await repo.deleteCredentials(db, userId);
    if (!deleted) throw notConnected();
    log.info({ userId }, 'eBay account disconnected');
  }

  async function requireConnection(userId: string) {
    const row = await repo.findCredentials(db, userId);
    if (!row) throw notConnected();
    if (refreshDead(row)) throw tokenExpired();
    return row;
  }

  async function listPolicies(userId: string) {
    const client = requireClient();
    const marketplaceId = await marketplaceOf(userId);
    return withUserToken(userId, async (token) => {
      const optedIn = await client.account.isOptedInToBusinessPolicies(token);
      if (!optedIn) return { optedIn, payment: [], fulfillment: [], return: [] };
      const [payment, fulfillment, returns, names] = await Promise.all([
        client.account.getPaymentPolicies(token, marketplaceId),
        client.account.getFulfillmentPolicies(token, marketplaceId),
        client.account.getReturnPolicies(token, marketplaceId),
        shippingServiceNames(marketplaceId),
      ]);
      return {
        optedIn,
        payment: payment.map(paymentSummary).filter(present),
        fulfillment: fulfillment.map((p) => fulfillmentSummary(p, names)).filter(present),
        return: returns.map(returnSummary).filter(present),
      };
    });
  }

  async function checkPolicies(userId: string): Promise<PoliciesCheckResponse> {
    const row = await requireConnection(userId);
    let lists;
    try {
      lists = await listPolicies(userId);
    } catch (error) {
      throw ebayFailure(error, 'Failed to check policies');
    }
    const defaults = {
      paymentPolicyId: row.defaultPaymentPolicyId,
      fulfillmentPolicyId: row.defaultFulfillmentPolicyId,
      returnPolicyId: row.defaultReturnPolicyId,
    };
    const has = (list: EbayPolicySummary[], id: string | null) => id !== null && list.some((p) => p.id === id);
    const complete =
      has(lists.payment, defaults.paymentPolicyId) &&
      has(lists.fulfillment, defaults.fulfillmentPolicyId) &&
      has(lists.return, defaults.returnPolicyId);
    log.info({ userId, optedIn: lists.optedIn, complete }, 'eBay policies checked');
    return { ...lists, defaults, complete };
  }

  /** Picks existing policies as the defaults; an id that is not one of this seller's policies answers 404. */
  async function choosePolicies(userId: string, ids: { paymentPolicyId: string; fulfillmentPolicyId: string; returnPolicyId: string }) {
    await requireConnection(userId);
    let lists;
    try {
      lists = await listPolicies(userId);
    } catch (error) {
      throw ebayFailure(error, 'Failed to check policies');
    }
    const owns = (list: EbayPolicySummary[], id: string) => list.some((p) => p.id === id);
    if (
      !owns(lists.payment, ids.paymentPolicyId) ||
      !owns(lists.fulfillment, ids.fulfillmentPolicyId) ||
      !owns(lists.return, ids.returnPolicyId)
    )
      throw new AppError('NOT_FOUND', 'Policy not found');
    await repo.setPolicyDefaults(db, userId, ids);
    return (await connectionOf(userId))!;
  }

  /** Shipping service codes to eBay's names; the codes stand (a policy still shows) when eBay's list cannot be read. */
  async function shippingServiceNames(marketplaceId: string): Promise<Map<string, string>> {
    try {
      return new Map((await servicesOf(marketplaceId)).map((s) => [s.code, s.description]));
    } catch (error) {
      log.warn({ err: error }, 'eBay shipping service names could not be read');
      return new Map();
    }
  }

  /** The shipping services of the seller's marketplace. */
  async function shippingServices(userId: string): Promise<ShippingServiceOption[]> {
    return servicesOf(await marketplaceOf(userId));
  }

  async function servicesOf(marketplaceId: string): Promise<ShippingServiceOption[]> {
    const client = requireClient();
    const cached = shippingCache.get(marketplaceId);
    if (cached && clock.now() - cached.at < SHIPPING_CACHE_MS) return cached.services;
    let raw;
    try {
      raw = await client.metadata.getShippingServices(marketplaceId);
    } catch (error) {
      throw ebayFailure(error, 'Failed to load shipping services');
    }
    const services = raw
      .filter((s) => s.validForSellingFlow !== false && !s.internationalService && s.shippingService && s.shippingCarrier)
      .map((s) => ({
        code: s.shippingService!,
        carrier: s.shippingCarrier!,
        description: s.description ?? s.shippingService!,
        minDays: s.minShippingTime ?? null,
        maxDays: s.maxShippingTime ?? null,
      }));
    shippingCache.set(marketplaceId, { at: clock.now(), services });
    return services;
  }

  /** Opts in to business policies when needed and creates Payment, Fulfillment and Return policies, then uses them. */
  async function createPolicies(userId: string, input: CreatePoliciesBody): Promise<EbayConnection> {
    await requireConnection(userId);
    const client = requireClient();
    const region = await sellerRegionIn(db, userId);
    const service = (await servicesOf(region.ebayMarketplaceId)).find((s) => s.code === input.shippingServiceCode);
    const notOffered = (name: string) =>
      new AppError(
        'BAD_REQUEST',
        `${ebayMessages.createPoliciesFailed}: ${name} is not a shipping service of ${ebayMarketplaceName(region.ebayMarketplaceId)}.`,
      );
    if (!service) throw notOffered(input.shippingServiceCode);
    const common = { marketplaceId: region.ebayMarketplaceId, categoryTypes: [{ name: 'ALL_EXCLUDING_MOTORS_VEHICLES' }] };
    try {
      const ids = await withUserToken(userId, async (token) => {
        if (!(await client.account.isOptedInToBusinessPolicies(token))) await client.account.optInToBusinessPolicies(token);
        const payment = await client.account.createPaymentPolicy(token, {
          ...common,
          name: policyName('Payment'),
          immediatePay: true,
        });
        const fulfillment = await client.account.createFulfillmentPolicy(token, {
          ...common,
          name: policyName('Shipping'),
          handlingTime: { value: input.handlingTimeDays, unit: 'DAY' },
          shippingOptions: [
            {
              optionType: 'DOMESTIC',
              costType: 'FLAT_RATE',
              shippingServices: [
                {
                  sortOrder: 1,
                  shippingCarrierCode: service.carrier,
                  shippingServiceCode: service.code,
                  shippingCost: { value: input.freeShipping ? '0.00' : input.shippingCost, currency: region.currency },
                  freeShipping: input.freeShipping,
                },
              ],
            },
          ],
        });
        const returns = await client.account.createReturnPolicy(
          token,
          input.returnPeriodDays === 0
            ? { ...common, name: policyName('Returns'), returnsAccepted: false }
            : {
                ...common,
                name: policyName('Returns'),
                returnsAccepted: true,
                returnPeriod: { value: input.returnPeriodDays, unit: 'DAY' },
                returnShippingCostPayer: 'BUYER',
                refundMethod: 'MONEY_BACK',
              },
        );
        return {
          paymentPolicyId: payment.paymentPolicyId!,
          fulfillmentPolicyId: fulfillment.fulfillmentPolicyId!,
          returnPolicyId: returns.returnPolicyId!,
        };
      });
      await repo.setPolicyDefaults(db, userId, ids);
      log.info({ userId, ...ids }, 'eBay business policies created');
    } catch (error) {
      // 20403 is "Invalid {fieldName}": a shipping service the marketplace does not list, else (no field named) a
      // seller not yet let into business policies.
      if (error instanceof EbayApiError && error.has(20403) && error.parameter('fieldName') === 'shippingServiceCode') {
        shippingCache.delete(region.ebayMarketplaceId); // eBay no longer lists it: read the list afresh next time
        throw notOffered(service.description);
      }
      if (error instanceof EbayApiError && error.has(20403))
        throw new AppError(
          'CONFLICT',
          `${ebayMessages.createPoliciesFailed}: eBay is still enabling business policies on your account. Try again in a few minutes.`,
        );
      throw ebayFailure(error, ebayMessages.createPoliciesFailed);
    }
    return (await connectionOf(userId))!;
  }

  /** Creates the seller's default inventory location on eBay (an existing key counts as success) and keeps it. */
  async function setDefaultLocation(userId: string, input: SetLocationBody): Promise<EbayConnection> {
    await requireConnection(userId);
    const client = requireClient();
    const address = {
      addressLine1: input.addressLine1 || undefined,
      city: input.city || undefined,
      stateOrProvince: input.stateOrProvince || undefined,
      postalCode: input.postalCode,
      country: input.country,
    };
    // One key per address: a changed address is a new eBay location (eBay keeps the old one under the old key).
    const key = `rs-${createHash('sha256').update(JSON.stringify(address)).digest('hex').slice(0, 16)}`;
    try {
      await withUserToken(userId, (token) =>
        client.locations.createInventoryLocation(token, key, { location: { address }, locationTypes: ['WAREHOUSE'], name: input.name }),
      );
    } catch (error) {
      throw ebayFailure(error, 'Failed to save the location');
    }
    await repo.saveDefaultLocation(db, {
      userId,
      merchantLocationKey: key,
      name: input.name,
      addressLine1: address.addressLine1 ?? null,
      city: address.city ?? null,
      stateOrProvince: address.stateOrProvince ?? null,
      postalCode: input.postalCode,
      country: input.country,
    });
    log.info({ userId, merchantLocationKey: key }, 'eBay default location saved');
    return (await connectionOf(userId))!;
  }

  /** Marketplace account deletion: removes tokens and eBay data of every user connected to that eBay account. */
  async function deleteDataOfEbayUser(ebayUserId: string): Promise<number> {
    const users = await repo.usersOfEbayAccount(db, ebayUserId);
    for (const userId of users) await repo.deleteEbayData(db, userId);
    log.info({ users: users.length }, 'eBay marketplace account deletion processed');
    return users.length;
  }

  return {
    getConnection,
    setSkuPrefix,
    startOAuth,
    exchangeCode,
    accessToken,
    withUserToken,
    userSession,
    disconnect,
    checkPolicies,
    choosePolicies,
    shippingServices,
    createPolicies,
    setDefaultLocation,
    deleteDataOfEbayUser,
  };
}

export type EbayAccountService = ReturnType<typeof createEbayAccountService>;
