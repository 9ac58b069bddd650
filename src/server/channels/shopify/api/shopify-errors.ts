import { MarketplaceUnreachableError } from '../../marketplace-unreachable';

/** Shopify answered with an HTTP error (401 bad token, 402 frozen shop, 5xx): its status and its own words. */
export class ShopifyApiError extends Error {
  constructor(
    readonly status: number,
    readonly shopifyMessage: string,
  ) {
    super(`Shopify answered ${status}: ${shopifyMessage}`);
    this.name = 'ShopifyApiError';
  }
  /** Worth trying again later: Shopify's own failure or a rate limit. */
  get retryable() {
    return this.status === 429 || this.status >= 500;
  }
}

export interface ShopifyGraphqlErrorEntry {
  message: string;
  extensions?: { code?: string; [key: string]: unknown };
  path?: (string | number)[];
}

/**
 * A top-level `errors` answer: the query itself was refused (a field or variable the schema does not have, a cost over
 * the limit) or the bucket stayed empty (THROTTLED) after every retry.
 */
export class ShopifyGraphqlError extends Error {
  constructor(readonly errors: ShopifyGraphqlErrorEntry[]) {
    super(`Shopify refused the query: ${errors.map((e) => e.message).join('; ')}`);
    this.name = 'ShopifyGraphqlError';
  }
  get throttled() {
    return this.errors.some((e) => e.extensions?.code === 'THROTTLED');
  }
}

/** A mutation's `userErrors`: Shopify understood the request and refused it, in its own words (a refused publish). */
export class ShopifyUserError extends Error {
  constructor(
    readonly operation: string,
    readonly userErrors: { field?: string[] | null; message: string; code?: string | null }[],
  ) {
    super(userErrors.map((e) => e.message).join('; '));
    this.name = 'ShopifyUserError';
  }
}

/** No answer from Shopify at all (network, DNS, timeout). */
export class ShopifyUnreachableError extends MarketplaceUnreachableError {
  constructor(cause: unknown) {
    super('Shopify', cause);
  }
}
