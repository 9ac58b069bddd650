/**
 * Account API: the business-policy programme and the payment, fulfillment and return policies (ebay.md "Business
 * policies"). No Content-Language is sent here (reported to upset the Account API). The create paths end in a slash
 * because the contract spells them so.
 */
import { EBAY_US, type EbayApiContext } from './ebay-api-context';
import type {
  FulfillmentPolicy,
  FulfillmentPolicyRequest,
  PaymentPolicy,
  PaymentPolicyRequest,
  Programs,
  ReturnPolicy,
  ReturnPolicyRequest,
  SetFulfillmentPolicyResponse,
  SetPaymentPolicyResponse,
  SetReturnPolicyResponse,
} from './ebay-types';

export const SELLING_POLICY_MANAGEMENT = 'SELLING_POLICY_MANAGEMENT';
const base = '/sell/account/v1';

export function createAccountApi({ http, hosts }: EbayApiContext) {
  const get = async <T>(accessToken: string, path: string, query?: Record<string, string>) =>
    (await http<T>({ baseUrl: hosts.api, path: base + path, method: 'GET', accessToken, query })).body;
  const post = async <T>(accessToken: string, path: string, json: unknown) =>
    (await http<T>({ baseUrl: hosts.api, path: base + path, method: 'POST', accessToken, json })).body;

  return {
    /** Opts the seller in to business policies; eBay may take a while to apply it. */
    async optInToBusinessPolicies(accessToken: string): Promise<void> {
      await post(accessToken, '/program/opt_in', { programType: SELLING_POLICY_MANAGEMENT });
    },
    async getOptedInPrograms(accessToken: string): Promise<string[]> {
      const body = await get<Programs>(accessToken, '/program/get_opted_in_programs');
      return (body?.programs ?? []).map((p) => p.programType ?? '').filter(Boolean);
    },
    async isOptedInToBusinessPolicies(accessToken: string): Promise<boolean> {
      return (await this.getOptedInPrograms(accessToken)).includes(SELLING_POLICY_MANAGEMENT);
    },
    async getFulfillmentPolicies(accessToken: string, marketplaceId = EBAY_US): Promise<FulfillmentPolicy[]> {
      const body = await get<{ fulfillmentPolicies?: FulfillmentPolicy[] }>(accessToken, '/fulfillment_policy', {
        marketplace_id: marketplaceId,
      });
      return body?.fulfillmentPolicies ?? [];
    },
    async createFulfillmentPolicy(accessToken: string, policy: FulfillmentPolicyRequest): Promise<SetFulfillmentPolicyResponse> {
      return post(accessToken, '/fulfillment_policy/', policy);
    },
    async getPaymentPolicies(accessToken: string, marketplaceId = EBAY_US): Promise<PaymentPolicy[]> {
      const body = await get<{ paymentPolicies?: PaymentPolicy[] }>(accessToken, '/payment_policy', { marketplace_id: marketplaceId });
      return body?.paymentPolicies ?? [];
    },
    async createPaymentPolicy(accessToken: string, policy: PaymentPolicyRequest): Promise<SetPaymentPolicyResponse> {
      return post(accessToken, '/payment_policy', policy);
    },
    async getReturnPolicies(accessToken: string, marketplaceId = EBAY_US): Promise<ReturnPolicy[]> {
      const body = await get<{ returnPolicies?: ReturnPolicy[] }>(accessToken, '/return_policy', { marketplace_id: marketplaceId });
      return body?.returnPolicies ?? [];
    },
    async createReturnPolicy(accessToken: string, policy: ReturnPolicyRequest): Promise<SetReturnPolicyResponse> {
      return post(accessToken, '/return_policy', policy);
    },
  };
}
