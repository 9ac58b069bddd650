import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEtsy, type FakeEtsy } from '../../../../../fakes/etsy/etsy-server';
import { paymentAccountErrorCases } from '../../../../../fakes/etsy/payment-account-errors';
import { pkcePair } from '../../oauth/oauth-client';
import { pacedFetch } from '../../paced-fetch';
import { etsyOrderFees } from '../etsy-fees';
import { createEtsyClient } from './etsy-client';

/**
 * Etsy's payment account as the app reads it (decision 127): the real client, paced, against the fake Etsy,
 * which answers getShopPaymentByReceiptId and getShopPaymentAccountLedgerEntries as Etsy's document gives them, and
 * every error the document names for them (fakes/etsy/payment-account-errors.ts).
 */
let fake: FakeEtsy;
beforeAll(async () => {
  fake = await startFakeEtsy({ callsPerSecond: 0 });
});
afterAll(async () => {
  await fake?.close();
});
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
  fake.reset();
});

const redirectUri = 'http://localhost:3000/api/etsy/oauth/callback';
const client = () =>
  createEtsyClient({
    keystring: fake.keystring,
    sharedSecret: fake.sharedSecret,
    apiBase: fake.url,
    oauthBase: fake.url,
    fetch: pacedFetch(fetch, { callsPerSecond: 1000 }),
  });

/** A seller of the fake Etsy (its first shop after a reset, in `currency`), signed in through OAuth. */
async function session(currency = 'USD') {
  const etsy = client();
  const { verifier, challenge } = await pkcePair();
  const at = new URL(etsy.authorizeUrl({ state: 's', codeChallenge: challenge, redirectUri }));
  const form = new URLSearchParams({ decision: 'allow', shop_currency: currency });
  for (const name of ['redirect_uri', 'state', 'code_challenge', 'scope']) form.set(name, at.searchParams.get(name) ?? '');
  const back = await fetch(`${at.origin}/oauth/consent`, { method: 'POST', body: form, redirect: 'manual' });
  const code = new URL(back.headers.get('location') ?? '').searchParams.get('code')!;
  const { accessToken } = await etsy.exchangeCode({ code, codeVerifier: verifier, redirectUri });
  const me = await etsy.getMe(accessToken);
  return { client: etsy, accessToken, shopId: String(me.shop_id) };
}

/** The app's sale line of a receipt the fake's buyer paid (one line: its transaction). */
function lineOf(receiptId: number, currency = 'USD') {
  const receipt = fake.snapshot().receipts.find((r) => r.receipt_id === receiptId)!;
  const line = receipt.lines[0]!;
  return {
    orderId: String(receiptId),
    lineId: String(line.transaction_id),
    priceMinor: Math.round(line.price * 100) * line.quantity,
    shippingChargedMinor: Math.round(line.shipping * 100),
    currency,
    soldAt: new Date(receipt.created * 1000),
  };
}

describe('Etsy’s payment account', () => {
  it('gives a sale’s payment and ledger entries; the app counts its processing, transaction and shipping transaction fees', async () => {
    const s = await session();
    const { receiptId } = fake.seedReceipt({ sku: 'PAY-1', price: 28, shipping: 4 });
    const payments = await s.client.getShopPaymentByReceiptId(s.accessToken, s.shopId, String(receiptId));
    // 3% of $32.00 + $0.25.
    expect(payments.results).toEqual([
      expect.objectContaining({ receipt_id: receiptId, amount_fees: { amount: 121, divisor: 100, currency_code: 'USD' } }),
    ]);
    const now = Math.floor(Date.now() / 1000);
    const ledger = await s.client.getShopPaymentAccountLedgerEntries(s.accessToken, s.shopId, {
      min_created: now - 3600,
      max_created: now + 60,
      limit: 100,
      offset: 0,
    });
    expect(ledger.results?.map((e) => [e.ledger_type, e.reference_type, e.amount])).toEqual([
      ['PAYMENT_GROSS', 'shop_payment', 3200],
      ['PAYMENT_PROCESSING_FEE', 'shop_payment', -121],
      ['transaction', 'transaction', -182],
      ['shipping_transaction', 'receipt', -26],
    ]);
    // Processing 1.21 (from the payment, not again from the ledger) + transaction 1.82 + shipping transaction 0.26.
    expect(await etsyOrderFees(s, [lineOf(receiptId)], Date.now())).toEqual([
      { orderId: String(receiptId), lineId: lineOf(receiptId).lineId, fees: { amountMinor: 329, currency: 'USD' } },
    ]);
  });

  it('counts the VAT Etsy books on a UK shop’s seller fees (their parent entry), in pounds', async () => {
    const s = await session('GBP');
    const { receiptId } = fake.seedReceipt({ sku: 'PAY-2', price: 28 });
    // Transaction 1.82 + its VAT 0.36 + processing 3% + 0.25 = 1.09.
    expect(await etsyOrderFees(s, [lineOf(receiptId, 'GBP')], Date.now())).toEqual([
      expect.objectContaining({ fees: { amountMinor: 327, currency: 'GBP' } }),
    ]);
  });

  it('answers every error its document names for these operations, in Etsy’s error shape', async () => {
    const s = await session();
    const { receiptId } = fake.seedReceipt({ sku: 'PAY-3', price: 10 });
    const document = JSON.parse(readFileSync('contracts/etsy/etsy-openapi.json', 'utf8')) as {
      paths: Record<string, Record<string, { operationId?: string; responses: Record<string, unknown> }>>;
    };
    const documented = Object.values(document.paths)
      .flatMap((path) => Object.values(path))
      .filter((op) => op.operationId === 'getShopPaymentByReceiptId' || op.operationId === 'getShopPaymentAccountLedgerEntries')
      .flatMap((op) =>
        Object.keys(op.responses)
          .filter((code) => Number(code) >= 400)
          .map((code) => `${op.operationId} ${code}`),
      );
    expect(documented).toHaveLength(9);
    // Each one is a case the fake makes happen.
    expect(new Set(paymentAccountErrorCases.map((c) => `${c.operation} ${c.code}`))).toEqual(new Set(documented));
    const context = {
      url: fake.url,
      apiKey: `${fake.keystring}:${fake.sharedSecret}`,
      token: s.accessToken,
      shopId: Number(s.shopId),
      receiptId,
      failNext: (operationId: string, status: number) => fake.failNext({ operationId, status, message: 'Etsy failed on its side' }),
    };
    for (const errorCase of paymentAccountErrorCases) {
      const answer = await errorCase.run(context);
      expect(answer.status, `${errorCase.operation}: ${errorCase.when}`).toBe(errorCase.code);
      expect(await answer.json()).toEqual({ error: expect.any(String) });
    }
    // The requests the document itself refuses are recorded as the fake records any contract violation.
    expect(fake.contractViolations.flatMap((v) => v.problems)).toEqual([
      'missing required query parameter max_created',
      'query parameter min_created: under its minimum 946684800',
      'query parameter limit: not between 1 and 100',
    ]);
    fake.contractViolations.length = 0;
  });
});
