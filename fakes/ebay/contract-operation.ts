/** One operation of eBay's OpenAPI contracts as the fake checks requests against it (see generated/contract-operations.ts). */
export interface BodyShape {
  type: 'object' | 'array' | 'string' | 'number' | 'boolean' | 'any';
  properties?: Record<string, BodyShape>;
  items?: BodyShape;
}

export interface ContractOperation {
  api:
    | 'identity'
    | 'account'
    | 'inventory'
    | 'media'
    | 'taxonomy'
    | 'metadata'
    | 'notification'
    | 'fulfillment'
    | 'finances'
    | 'browse'
    | 'negotiation'
    | 'analytics';
  host: 'api' | 'apiz' | 'apim';
  operationId: string;
  method: string;
  /** Full path with the API's base path, path parameters as {name}. */
  path: string;
  requiredHeaders: string[];
  requiredQuery: string[];
  bodyRequired: boolean;
  contentTypes: string[];
  bodyShape: BodyShape | null;
  /** OAuth flows (authorizationCode: a user token; clientCredentials: an application token) and their scopes. */
  security: { flows: string[]; scopes: string[] }[];
}
