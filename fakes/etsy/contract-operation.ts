import type { BodyShape } from '../shared/contract-shape';
import type { ContractRequestParts } from '../shared/contract-request';

/** One operation of Etsy's OpenAPI document as the fake checks requests against it (see generated/contract-operations.ts). */
export type EtsyBodyShape = BodyShape;

export interface EtsyContractOperation extends ContractRequestParts {
  operationId: string;
  method: string;
  /** Full path, path parameters as {name}. */
  path: string;
  /** The operation asks for the x-api-key header (security scheme api_key). */
  apiKey: boolean;
  /** The OAuth scopes of the operation's oauth2 security; empty: no user token needed. */
  oauthScopes: string[];
}
