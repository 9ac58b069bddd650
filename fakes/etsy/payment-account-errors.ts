/**
 * Every error Etsy's document names for the payment account operations the app calls (getShopPaymentByReceiptId,
 * getShopPaymentAccountLedgerEntries): each made to happen on the fake under its documented condition, or
 * listed with why it is not a rule of the fake. Run, and checked against the document's responses, by
 * src/server/channels/etsy/api/etsy-payment-account.test.ts.
 */

/** What a case needs: the fake's address, the app's key, a seller's token and shop, and a receipt of that shop. */
export interface PaymentAccountErrorContext {
  url: string;
  apiKey: string;
  token: string;
  shopId: number;
  receiptId: number;
  /** The next call of the operation fails with that status (the fake's `fail` control). */
  failNext(operationId: string, status: number): void;
}

export interface PaymentAccountErrorCase {
  operation: 'getShopPaymentByReceiptId' | 'getShopPaymentAccountLedgerEntries';
  /** The HTTP status the document names. */
  code: number;
  /** The documented condition, in words. */
  when: string;
  /** Sends the request that meets it; answers the fake's response. */
  run(context: PaymentAccountErrorContext): Promise<Response>;
}

const LEDGER = 'getShopPaymentAccountLedgerEntries';
const PAYMENT = 'getShopPaymentByReceiptId';

/** Today's span, in epoch seconds. */
const span = () => {
  const now = Math.floor(Date.now() / 1000);
  return { min_created: String(now - 86_400), max_created: String(now) };
};

function call(
  c: PaymentAccountErrorContext,
  path: string,
  options: { query?: Record<string, string>; apiKey?: string; token?: string | null } = {},
): Promise<Response> {
  const url = new URL(`${c.url}/v3/application/shops/${path}`);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = { 'x-api-key': options.apiKey ?? c.apiKey };
  const token = options.token === undefined ? c.token : options.token;
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(url, { headers });
}

const ledger = (c: PaymentAccountErrorContext, options: Parameters<typeof call>[2] = {}, shopId = c.shopId) =>
  call(c, `${shopId}/payment-account/ledger-entries`, { ...options, query: options.query ?? span() });
const payment = (c: PaymentAccountErrorContext, options: Parameters<typeof call>[2] = {}, receipt: string | number = c.receiptId) =>
  call(c, `${c.shopId}/receipts/${receipt}/payments`, options);

export const paymentAccountErrorCases: PaymentAccountErrorCase[] = [
  {
    operation: LEDGER,
    code: 400,
    when: 'a required query parameter missing (max_created)',
    run: (c) => ledger(c, { query: { min_created: span().min_created } }),
  },
  {
    operation: LEDGER,
    code: 400,
    when: 'a value under the schema’s minimum (min_created before 2000-01-01), or a limit over 100',
    run: (c) => ledger(c, { query: { ...span(), min_created: '100', limit: '101' } }),
  },
  {
    operation: LEDGER,
    code: 400,
    when: 'min_created after max_created (Etsy’s "problem with the request data")',
    run: (c) => ledger(c, { query: { min_created: span().max_created, max_created: span().min_created } }),
  },
  { operation: LEDGER, code: 401, when: 'no valid access token', run: (c) => ledger(c, { token: 'not-a-token' }) },
  { operation: LEDGER, code: 403, when: 'an API key that is not the app’s', run: (c) => ledger(c, { apiKey: 'someone-else' }) },
  { operation: LEDGER, code: 403, when: 'another shop’s ledger', run: (c) => ledger(c, {}, c.shopId + 1) },
  {
    operation: LEDGER,
    code: 500,
    when: 'Etsy fails on its side (the fake’s fail control: no request of the app’s causes it)',
    run: (c) => {
      c.failNext(LEDGER, 500);
      return ledger(c);
    },
  },
  { operation: PAYMENT, code: 400, when: 'a receipt_id that is no positive integer', run: (c) => payment(c, {}, 0) },
  { operation: PAYMENT, code: 401, when: 'no valid access token', run: (c) => payment(c, { token: 'not-a-token' }) },
  { operation: PAYMENT, code: 403, when: 'an API key that is not the app’s', run: (c) => payment(c, { apiKey: 'someone-else' }) },
  {
    operation: PAYMENT,
    code: 404,
    when: 'a receipt with no payment, or not of the shop',
    run: (c) => payment(c, {}, c.receiptId + 999_999),
  },
  {
    operation: PAYMENT,
    code: 500,
    when: 'Etsy fails on its side (the fake’s fail control: no request of the app’s causes it)',
    run: (c) => {
      c.failNext(PAYMENT, 500);
      return payment(c);
    },
  },
];
