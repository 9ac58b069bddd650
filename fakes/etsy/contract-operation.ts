/** One operation of Etsy's OpenAPI document as the fake checks requests against it (see generated/contract-operations.ts). */
export interface EtsyBodyShape {
  type: 'object' | 'array' | 'string' | 'number' | 'boolean' | 'any';
  properties?: Record<string, EtsyBodyShape>;
  /** For objects: the property names the schema requires. */
  required?: string[];
  items?: EtsyBodyShape;
  /** For strings: the values the contract allows. */
  enum?: string[];
}

export interface EtsyContractOperation {
  operationId: string;
  method: string;
  /** Full path, path parameters as {name}. */
  path: string;
  requiredHeaders: string[];
  requiredQuery: string[];
  query: Record<string, EtsyBodyShape['type']>;
  /** The values a query parameter takes, where the document lists them (an `includes` outside them answers 400). */
  queryEnums: Record<string, string[]>;
  /** The operation asks for the x-api-key header (security scheme api_key). */
  apiKey: boolean;
  /** The OAuth scopes of the operation's oauth2 security; empty: no user token needed. */
  oauthScopes: string[];
  bodyRequired: boolean;
  contentTypes: string[];
  /** The form (x-www-form-urlencoded or multipart) body's fields, required ones and types. */
  formShape: EtsyBodyShape | null;
  bodyShape: EtsyBodyShape | null;
}
