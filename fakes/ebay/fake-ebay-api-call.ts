import type { IncomingHttpHeaders } from 'node:http';
import type { ContractOperation } from './contract-operation';
import type { FakeAnswer } from './fake-ebay-errors';
import type { FakeEbayState, IssuedToken } from './fake-ebay-state';

/** One API request after the contract check and token check, as a handler sees it. */
export interface ApiCall {
  operation: ContractOperation;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  // The body is checked against the contract's shape before a handler runs; handlers read what they need.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  rawBody: Buffer;
  token: IssuedToken;
  /** The URL this fake is reachable at (for Location headers). */
  origin: string;
}

export type ApiHandler = (call: ApiCall, state: FakeEbayState) => FakeAnswer | Promise<FakeAnswer>;

/** The seller a user token belongs to (user-token operations only). */
export const sellerOf = (call: ApiCall, state: FakeEbayState) => state.seller(call.token.userId ?? '');
