import { describe, expect, it } from 'vitest';
import type { EtsyClient, EtsyLedgerEntry, EtsyPayment } from './api/etsy-client';
import { EtsyApiError } from './api/etsy-errors';
import { ETSY_LEDGER_PAGES_MAX, etsyOrderFees, ledgerWindows, splitByWeight } from './etsy-fees';

/** Etsy's fees of an order from its payment and ledger (decision 127), against a payment account given here. */
const soldAt = new Date('2026-11-20T12:00:00Z');
const at = Math.floor(soldAt.getTime() / 1000);
const line = (orderId: string, lineId: string, priceMinor: number, shippingChargedMinor = 0, currency = 'USD') => ({
  orderId,
  lineId,
  priceMinor,
  shippingChargedMinor,
  currency,
  soldAt,
});
let ids = 1;
const entry = (amount: number, reference_type: string, reference_id: string, extra: Partial<EtsyLedgerEntry> = {}): EtsyLedgerEntry => ({
  entry_id: ids++,
  amount,
  currency: 'USD',
  ledger_type: reference_type,
  reference_type,
  reference_id,
  created_timestamp: at,
  ...extra,
});
const payment = (receiptId: number, feesMinor: number, currency = 'USD'): EtsyPayment => ({
  receipt_id: receiptId,
  amount_fees: { amount: feesMinor, divisor: 100, currency_code: currency },
});

/** A session whose ledger holds `entries` and whose receipts have `payments` (others: 404); it counts the calls. */
function sessionOf(entries: EtsyLedgerEntry[], payments: EtsyPayment[]) {
  const calls = { ledger: [] as { min_created: number; max_created: number; offset: number }[], payments: 0 };
  const client = {
    async getShopPaymentAccountLedgerEntries(
      _t: string,
      _shop: string,
      q: { min_created: number; max_created: number; limit: number; offset: number },
    ) {
      calls.ledger.push(q);
      const inSpan = entries.filter((e) => e.created_timestamp! >= q.min_created && e.created_timestamp! <= q.max_created);
      return { count: inSpan.length, results: inSpan.slice(q.offset, q.offset + q.limit) };
    },
    async getShopPaymentByReceiptId(_t: string, _shop: string, receiptId: string) {
      calls.payments += 1;
      const found = payments.filter((p) => String(p.receipt_id) === receiptId);
      if (!found.length) throw new EtsyApiError(404, 'No payment');
      return { count: found.length, results: found };
    },
  } as unknown as EtsyClient;
  return { session: { client, accessToken: 'token', shopId: '7' }, calls };
}

describe('Etsy’s fees of an order', () => {
  it('splits the order’s own fees over its lines by what each buyer paid, each line keeping its transaction fee', async () => {
    const { session } = sessionOf(
      [
        entry(-65, 'transaction', '11'),
        entry(-130, 'transaction', '12'),
        entry(-33, 'etsy', '0', { ledger_type: 'vat_seller_services', parent_entry_id: ids - 1 }),
        entry(-26, 'receipt', '1'),
        entry(-121, 'shop_payment', '900', { ledger_type: 'PAYMENT_PROCESSING_FEE' }),
        entry(3400, 'shop_payment', '900', { ledger_type: 'PAYMENT_GROSS' }),
      ],
      [payment(1, 127)],
    );
    // Shared: processing 1.27 + shipping transaction 0.26 = 1.53, split by what each buyer paid (10.00 : 24.00): 0.45
    // and 1.08. Line 12's VAT (booked on its transaction fee) is its own.
    const fees = await etsyOrderFees(session, [line('1', '11', 1000), line('1', '12', 2000, 400)], Date.parse('2026-11-21T00:00:00Z'));
    expect(fees).toEqual([
      { orderId: '1', lineId: '11', fees: { amountMinor: 65 + 45, currency: 'USD' } },
      { orderId: '1', lineId: '12', fees: { amountMinor: 130 + 33 + 108, currency: 'USD' } },
    ]);
    expect(fees.reduce((sum, f) => sum + f.fees.amountMinor, 0)).toBe(65 + 130 + 33 + 26 + 127);
  });

  it('leaves out an order not charged in full: a line without its transaction fee, no payment, or a charge in another currency', async () => {
    const { session } = sessionOf(
      [
        entry(-65, 'transaction', '21'),
        entry(-65, 'transaction', '31'),
        entry(-65, 'transaction', '41'),
        entry(-20, 'receipt', '4', { currency: 'EUR' }),
      ],
      [payment(2, 55), payment(4, 55)],
    );
    const fees = await etsyOrderFees(
      session,
      [line('2', '21', 1000), line('2', '22', 1000), line('3', '31', 1000), line('4', '41', 1000)],
      Date.parse('2026-11-21T00:00:00Z'),
    );
    expect(fees).toEqual([]);
  });

  it('reads the ledger a page of 100 at a time, around each sale, never past now', async () => {
    const many = Array.from({ length: 150 }, (_, i) => entry(-1, 'transaction', `x${i}`));
    const { session, calls } = sessionOf([...many, entry(-65, 'transaction', '51')], [payment(5, 10)]);
    const now = Date.parse('2026-11-21T00:00:00Z');
    expect(await etsyOrderFees(session, [line('5', '51', 1000)], now)).toEqual([
      expect.objectContaining({ lineId: '51', fees: { amountMinor: 75, currency: 'USD' } }),
    ]);
    expect(calls.ledger.map((q) => q.offset)).toEqual([0, 100]);
    expect(calls.ledger[0]).toMatchObject({ min_created: at - 86_400, max_created: Math.floor(now / 1000) });
    expect(ETSY_LEDGER_PAGES_MAX).toBeGreaterThan(1);
  });

  it('merges overlapping windows and splits exactly', () => {
    expect(ledgerWindows([1_000_000_000, 1_000_000_100, 1_100_000_000], 1_100_000_500)).toEqual([
      [1_000_000_000 - 86_400, 1_000_000_100 + 7 * 86_400],
      [1_100_000_000 - 86_400, 1_100_000_500],
    ]);
    expect(splitByWeight(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(splitByWeight(7, [0, 0])).toEqual([7, 0]);
  });
});
