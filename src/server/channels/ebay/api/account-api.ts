/**
 * Account API: the business-policy programme and the payment, fulfillment and return policies (ebay.md "Business
 * policies"). No Content-Language is sent here (reported to upset the Account API). The create paths end in a slash
 * because the contract spells them so.
 */
import { EBAY_US, type EbayApiContext } from './ebay-api-context';
import { answered, ebayApi } from './ebay-http';
import type {
  FulfillmentPolicy,
  FulfillmentPolicyRequest,
  PaymentPolicy,
  PaymentPolicyRequest,
  ReturnPolicy,
  ReturnPolicyRequest,
  SetFulfillmentPolicyResponse,
  SetPaymentPolicyResponse,
  SetReturnPolicyResponse,
} from './ebay-types';
import type { paths } from './generated/account';

export const SELLING_POLICY_MANAGEMENT = 'SELLING_POLICY_MANAGEMENT';

export function createAccountApi(context: EbayApiContext) {
  const account = ebayApi<paths>(context, 'api', '/sell/account/v1');
  const json = { header: { 'Content-Type': 'application/json' } };

  return {
    /** Opts the seller in to business policies; eBay may take a while to apply it. */
    async optInToBusinessPolicies(accessToken: string): Promise<void> {
      await account(accessToken).POST('/program/opt_in', { params: json, body: { programType: SELLING_POLICY_MANAGEMENT } });
    },
    async getOptedInPrograms(accessToken: string): Promise<string[]> {
      const { data } = await account(accessToken).GET('/program/get_opted_in_programs');
      return (data?.programs ?? []).map((p) => p.programType ?? '').filter(Boolean);
    },
    async isOptedInToBusinessPolicies(accessToken: string): Promise<boolean> {
      return (await this.getOptedInPrograms(accessToken)).includes(SELLING_POLICY_MANAGEMENT);
    },
    async getFulfillmentPolicies(accessToken: string, marketplaceId = EBAY_US): Promise<FulfillmentPolicy[]> {
      const { data } = await account(accessToken).GET('/fulfillment_policy', { params: { query: { marketplace_id: marketplaceId } } });
      return data?.fulfillmentPolicies ?? [];
    },
    async createFulfillmentPolicy(accessToken: string, policy: FulfillmentPolicyRequest): Promise<SetFulfillmentPolicyResponse> {
      return answered(
        (await account(accessToken).POST('/fulfillment_policy/', { params: json, body: policy })).data,
        'POST /fulfillment_policy/',
      );
    },
    async getPaymentPolicies(accessToken: string, marketplaceId = EBAY_US): Promise<PaymentPolicy[]> {
      const { data } = await account(accessToken).GET('/payment_policy', { params: { query: { marketplace_id: marketplaceId } } });
      return data?.paymentPolicies ?? [];
    },
    async createPaymentPolicy(accessToken: string, policy: PaymentPolicyRequest): Promise<SetPaymentPolicyResponse> {
      return answered((await account(accessToken).POST('/payment_policy', { params: json, body: policy })).data, 'POST /payment_policy');
    },
    async getReturnPolicies(accessToken: string, marketplaceId = EBAY_US): Promise<ReturnPolicy[]> {
      const { data } = await account(accessToken).GET('/return_policy', { params: { query: { marketplace_id: marketplaceId } } });
      return data?.returnPolicies ?? [];
    },
    async createReturnPolicy(accessToken: string, policy: ReturnPolicyRequest): Promise<SetReturnPolicyResponse> {
      return answered((await account(accessToken).POST('/return_policy', { params: json, body: policy })).data, 'POST /return_policy');
    },
  };
}
