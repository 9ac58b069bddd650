import { z } from 'zod';
import { ebaySkuMessages, ebaySkuPrefixProblem } from '../domain/ebay-sku';
import { route } from './route-table';
import { text } from './text';

/** The eBay account half of the eBay Integration screen: connection, business policies, default location. */
export const ebayPaths = {
  connection: '/api/ebay/connection',
  policiesCheck: '/api/ebay/policies/check',
  policies: '/api/ebay/policies',
  policyDefaults: '/api/ebay/policies/defaults',
  shippingServices: '/api/ebay/shipping-services',
  location: '/api/ebay/location',
  skuPrefix: '/api/ebay/sku-prefix',
  accountDeletion: '/api/ebay/account-deletion',
  /** eBay's pushed notifications (ORDER_CONFIRMATION, MARKETPLACE_ACCOUNT_DELETION): decision 076. */
  notifications: '/api/channels/ebay/notifications',
} as const;

/** eBay's connection messages, word for word. */
export const ebayMessages = {
  authorizationFailed: (code: string) => `eBay authorization failed: ${code}`,
  noCode: 'No authorization code received from eBay',
  userNotFound: 'User ID not found. Please close this window and try again.',
  connectFailed: 'Failed to connect eBay account.',
  connectPrefix: 'Failed to connect to eBay: ',
  noAuthUrl: 'Failed to get authorization URL',
  tokenExpired: 'eBay access token expired - please reconnect your account',
  disconnected: 'eBay account disconnected successfully',
  disconnectFailed: 'Failed to disconnect eBay account.',
  createPoliciesFailed: 'Failed to create policies',
  /** Said only where the first publish really creates the location. */
  locationWarning: 'No inventory location set (will be created automatically on first publish)',
  /** eBay gives no address for the account: the first publish would be refused. */
  locationNoAddress:
    'Set a default location on the eBay Integration screen before publishing: eBay did not give your account’s address to create one from',
  /** Not known whether the first publish can create one (not connected, or eBay did not answer). */
  locationUnchecked: 'No inventory location set: set one on the eBay Integration screen (Set Location)',
} as const;

/** The message type the callback popup posts to its opener. */
export const EBAY_AUTH_SUCCESS = 'EBAY_AUTH_SUCCESS';

export const ebayEnvironment = z.enum(['sandbox', 'production']);

export const ebayPolicyDefaults = z.object({
  paymentPolicyId: z.string().nullable(),
  fulfillmentPolicyId: z.string().nullable(),
  returnPolicyId: z.string().nullable(),
});

export const ebayLocation = z.object({
  merchantLocationKey: z.string(),
  name: z.string(),
  addressLine1: z.string().nullable(),
  city: z.string().nullable(),
  stateOrProvince: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
});
export type EbayLocation = z.infer<typeof ebayLocation>;

export const ebayConnection = z.object({
  ebayUserId: z.string(),
  ebayUsername: z.string().nullable(),
  environment: ebayEnvironment,
  marketplaceId: z.string(),
  updatedAt: z.string(),
  /** When the current access token expires (it is refreshed automatically before). */
  tokenExpiresAt: z.string(),
  /** When the seller must connect again (eBay's refresh token, about 18 months). */
  refreshTokenExpiresAt: z.string().nullable(),
  /** connected: the refresh token is valid; expired: it is gone, expired or revoked (reconnect). */
  status: z.enum(['connected', 'expired']),
  policies: ebayPolicyDefaults,
  defaultLocation: ebayLocation.nullable(),
  /** The eBay account is also connected to another account of this app (which one is never said). */
  sharedWithAnotherAccount: z.boolean(),
  /** The connection may read the seller's orders (sales); false for one made before sales were tracked: reconnect. */
  salesAccess: z.boolean(),
});
export type EbayConnection = z.infer<typeof ebayConnection>;

export const ebayConnectionResponse = z.object({
  /** Whether the server has an eBay keyset (client id, secret, RuName). */
  configured: z.boolean(),
  environment: ebayEnvironment,
  /** The server has no eBay keys and runs the simulated eBay: nothing is listed for real. */
  simulated: z.boolean(),
  connection: ebayConnection.nullable(),
  /** Put before each SKU sent to eBay ('' for none); kept while disconnected. */
  skuPrefix: z.string(),
  /**
   * With no location set: whether the first publish creates one from the account's address (true), cannot (false:
   * eBay gives no address), or unknown (null, or absent: not connected, a location set, eBay did not answer).
   */
  locationOnFirstPublish: z.boolean().nullable().optional(),
});
export type EbayConnectionResponse = z.infer<typeof ebayConnectionResponse>;

export const skuPrefixBody = z.object({
  skuPrefix: text()
    .max(40, ebaySkuMessages.prefixInvalid)
    .refine((value) => ebaySkuPrefixProblem(value) === null, { message: ebaySkuMessages.prefixInvalid }),
});
export const skuPrefixResponse = z.object({ skuPrefix: z.string() });

export const ebayPolicySummary = z.object({ id: z.string(), name: z.string(), description: z.string().nullable() });
export type EbayPolicySummary = z.infer<typeof ebayPolicySummary>;

export const policiesCheckResponse = z.object({
  optedIn: z.boolean(),
  payment: z.array(ebayPolicySummary),
  fulfillment: z.array(ebayPolicySummary),
  return: z.array(ebayPolicySummary),
  defaults: ebayPolicyDefaults,
  /** All three defaults are set and still exist on eBay. */
  complete: z.boolean(),
});
export type PoliciesCheckResponse = z.infer<typeof policiesCheckResponse>;

export const policyDefaultsBody = z.object({
  paymentPolicyId: text().min(1).max(40),
  fulfillmentPolicyId: text().min(1).max(40),
  returnPolicyId: text().min(1).max(40),
});

const money = text().regex(/^\d{1,5}(\.\d{1,2})?$/, 'Shipping cost must be an amount like 5.99');

export const returnPeriods = [0, 30, 60] as const;

export const createPoliciesBody = z.object({
  handlingTimeDays: z.number().int().min(0).max(30),
  shippingServiceCode: text().min(1).max(100),
  /** Ignored when freeShipping. */
  shippingCost: money,
  freeShipping: z.boolean(),
  /** 0: no returns. */
  returnPeriodDays: z.union([z.literal(0), z.literal(30), z.literal(60)]),
});
export type CreatePoliciesBody = z.infer<typeof createPoliciesBody>;

export const shippingServiceOption = z.object({
  code: z.string(),
  carrier: z.string(),
  description: z.string(),
  minDays: z.number().nullable(),
  maxDays: z.number().nullable(),
});
export type ShippingServiceOption = z.infer<typeof shippingServiceOption>;
export const shippingServicesResponse = z.object({ services: z.array(shippingServiceOption) });

export const setLocationBody = z.object({
  name: text().trim().min(1, 'Name is required').max(100),
  addressLine1: text().trim().max(128).optional(),
  city: text().trim().max(128).optional(),
  stateOrProvince: text().trim().max(128).optional(),
  postalCode: text().trim().min(1, 'Postal code is required').max(20),
  country: text()
    .trim()
    .regex(/^[A-Z]{2}$/, 'Country must be a two-letter code such as US'),
});
export type SetLocationBody = z.infer<typeof setLocationBody>;

export const okResponse = z.object({ success: z.literal(true), message: z.string() });

/** The eBay account's routes: the connection, the SKU prefix, the business policies, the default location. */
export const ebayApi = {
  connection: route.get(ebayPaths.connection, {
    summary: 'The seller’s eBay connection (never the tokens)',
    response: { 200: ebayConnectionResponse },
  }),
  setSkuPrefix: route.put(ebayPaths.skuPrefix, {
    summary: 'The prefix put before each SKU sent to eBay from now on',
    body: skuPrefixBody,
    response: { 200: skuPrefixResponse },
  }),
  checkPolicies: route.post(ebayPaths.policiesCheck, {
    summary: 'The seller’s business policies on eBay and the chosen defaults',
    response: { 200: policiesCheckResponse },
  }),
  choosePolicies: route.put(ebayPaths.policyDefaults, {
    summary: 'Use existing policies (each must be one of the seller’s, else 404)',
    body: policyDefaultsBody,
    rechecksWaiting: true,
    response: { 200: ebayConnection },
  }),
  shippingServices: route.get(ebayPaths.shippingServices, {
    summary: 'Domestic shipping services (eBay Metadata API)',
    response: { 200: shippingServicesResponse },
  }),
  createPolicies: route.post(ebayPaths.policies, {
    summary: 'Opt in when needed and create Payment, Fulfillment and Return policies',
    body: createPoliciesBody,
    rechecksWaiting: true,
    response: { 200: ebayConnection },
  }),
  setLocation: route.put(ebayPaths.location, {
    summary: 'Create the default inventory location on eBay and keep it',
    body: setLocationBody,
    rechecksWaiting: true,
    response: { 200: ebayConnection },
  }),
};
