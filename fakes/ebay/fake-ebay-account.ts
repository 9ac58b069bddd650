/** Account API in the fake: the business-policy opt-in and the three policy kinds. */
import type { ApiCall, ApiHandler } from './fake-ebay-api-call';
import { fakeMarketplace } from './fake-ebay-marketplaces';
import { sellerOf } from './fake-ebay-api-call';
import { marketplaceOffersService } from './fake-ebay-shipping-services';
import { ebayError, type FakeAnswer } from './fake-ebay-errors';
import { newNumericId, type FakeEbayState } from './fake-ebay-state';

type PolicyKind = 'fulfillment' | 'payment' | 'return';

const accountError = (status: number, errorId: number, message: string, longMessage?: string) =>
  ebayError(status, errorId, message, { domain: 'API_ACCOUNT', longMessage });

function notOptedIn(call: ApiCall, state: FakeEbayState): FakeAnswer | null {
  if (!state.requireOptIn || sellerOf(call, state).optedIn) return null;
  return accountError(400, 20403, 'User is not eligible for Business Policy.', 'Opt in to SELLING_POLICY_MANAGEMENT first.');
}

/**
 * A shipping service the policy's marketplace does not list (another site's, say USPSPriority on EBAY_DE): the
 * Account API's documented 20403, "Invalid {fieldName}. {additionalInfo}", naming the field.
 */
function shippingProblem(policy: Record<string, unknown>): FakeAnswer | null {
  const marketplaceId = String(policy.marketplaceId);
  const options = (policy.shippingOptions ?? []) as { shippingServices?: { shippingServiceCode?: string }[] }[];
  for (const option of options) {
    for (const service of option.shippingServices ?? []) {
      const code = service.shippingServiceCode;
      if (marketplaceOffersService(marketplaceId, code)) continue;
      const additionalInfo = `${code ?? '(none)'} is not a shipping service of ${marketplaceId}.`;
      return ebayError(400, 20403, 'Invalid shippingServiceCode.', {
        domain: 'API_ACCOUNT',
        longMessage: `Invalid shippingServiceCode. ${additionalInfo}`,
        parameters: [
          { name: 'fieldName', value: 'shippingServiceCode' },
          { name: 'additionalInfo', value: additionalInfo },
        ],
      });
    }
  }
  return null;
}

const listKey = { fulfillment: 'fulfillmentPolicies', payment: 'paymentPolicies', return: 'returnPolicies' } as const;
const idKey = { fulfillment: 'fulfillmentPolicyId', payment: 'paymentPolicyId', return: 'returnPolicyId' } as const;

/** A shipping cost is in the marketplace's currency (Amount.currency), as every price on it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- eBay's JSON as the fake received it
function shippingCurrencyProblem(policy: Record<string, any>, currency: string): string | null {
  for (const option of policy.shippingOptions ?? [])
    for (const service of option.shippingServices ?? [])
      if (service.shippingCost?.currency && service.shippingCost.currency !== currency)
        return `The shipping cost's currency ${String(service.shippingCost.currency)} is not ${currency}, the currency of ${String(policy.marketplaceId)}`;
  return null;
}

function listPolicies(kind: PolicyKind): ApiHandler {
  return (call, state) => {
    const refused = notOptedIn(call, state);
    if (refused) return refused;
    const marketplaceId = call.query.get('marketplace_id');
    const policies = [...sellerOf(call, state).policies[kind].values()].filter((p) => p.marketplaceId === marketplaceId);
    return { status: 200, body: { total: policies.length, [listKey[kind]]: policies } };
  };
}

function createPolicy(kind: PolicyKind): ApiHandler {
  return (call, state) => {
    const refused = notOptedIn(call, state);
    if (refused) return refused;
    const policy = call.json as Record<string, unknown>;
    const name = typeof policy.name === 'string' ? policy.name : '';
    if (!name || name.length > 64) return accountError(400, 20400, 'Invalid request', 'name is required (at most 64 characters)');
    if (!policy.marketplaceId) return accountError(400, 20400, 'Invalid request', 'marketplaceId is required');
    const marketplace = fakeMarketplace(String(policy.marketplaceId));
    if (!marketplace) return accountError(400, 20400, 'Invalid request', `${String(policy.marketplaceId)} is not a marketplace`);
    if (!Array.isArray(policy.categoryTypes) || !policy.categoryTypes.length)
      return accountError(400, 20400, 'Invalid request', 'categoryTypes is required');
    const store = sellerOf(call, state).policies[kind];
    if ([...store.values()].some((p) => p.name === name && p.marketplaceId === policy.marketplaceId)) {
      return accountError(400, 20400, 'Invalid request', `A policy named ${name} already exists on ${String(policy.marketplaceId)}`);
    }
    if (kind === 'fulfillment') {
      const refused = shippingProblem(policy);
      if (refused) return refused;
      const problem = shippingCurrencyProblem(policy, marketplace.currency);
      if (problem) return accountError(400, 20400, 'Invalid request', problem);
    }
    const id = newNumericId(11);
    const saved = { ...policy, [idKey[kind]]: id };
    store.set(id, saved);
    return { status: 201, body: { ...saved, warnings: [] }, headers: { location: `${call.origin}/sell/account/v1/${kind}_policy/${id}` } };
  };
}

export const accountHandlers: Record<string, ApiHandler> = {
  optInToProgram(call, state) {
    if (!call.json?.programType) return accountError(400, 20401, 'Missing field programType.', 'programType is required');
    if (call.json?.programType !== 'SELLING_POLICY_MANAGEMENT') return accountError(400, 20400, 'Invalid request', 'Unknown programType');
    sellerOf(call, state).optedIn = true;
    return { status: 200, body: {} };
  },
  getOptedInPrograms(call, state) {
    return { status: 200, body: { programs: sellerOf(call, state).optedIn ? [{ programType: 'SELLING_POLICY_MANAGEMENT' }] : [] } };
  },
  getFulfillmentPolicies: listPolicies('fulfillment'),
  createFulfillmentPolicy: createPolicy('fulfillment'),
  getPaymentPolicies: listPolicies('payment'),
  createPaymentPolicy: createPolicy('payment'),
  getReturnPolicies: listPolicies('return'),
  createReturnPolicy: createPolicy('return'),
};
