import type { BodyShape } from '../shared/contract-shape';
import type { ContractRequestParts } from '../shared/contract-request';

/** One operation of Depop's OpenAPI document as the fake checks requests against it (see generated/contract-operations.ts). */
export interface DepopContractOperation extends ContractRequestParts {
  operationId: string;
  method: string;
  /** Full path, path parameters as {name}; Depop's end in a slash. */
  path: string;
  /** Path parameters with their JSON type (a product id is a number). */
  pathParams: Record<string, BodyShape['type']>;
  /** The operation asks for `Authorization: Bearer` (BearerAuth: a shop's API key or an OAuth access token). */
  bearer: boolean;
  /** The scopes its description requires of an OAuth token: each of them, or with `scopesAnyOf` at least one. */
  scopes: string[];
  scopesAnyOf: boolean;
  /** Scopes required only when the JSON body sets one of the fields named (offers_write: the offer prices). */
  scopesWhenSet: Record<string, string[]>;
  /** Scopes that only add to the answer (offers_read: the offer prices in a product). */
  optionalScopes: string[];
  deprecated: boolean;
}
