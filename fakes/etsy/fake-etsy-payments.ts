/**
 * The fake Etsy's payment account: each receipt's payment (getShopPaymentByReceiptId) and the shop's
 * payment account ledger (getShopPaymentAccountLedgerEntries), booked when the buyer pays, as Etsy books a sale:
 * - the payment: `amount_gross` (what the buyer paid), `amount_fees` (the card processing fee: 3% + 25 minor units,
 *   the fake's schedule, Etsy's US one), `amount_net`; a ledger PAYMENT_GROSS credit and PAYMENT_PROCESSING_FEE debit
 *   referring to it (`reference_type` shop_payment);
 * - a `transaction` debit per line, 6.5% of its price (reference_type transaction, the transaction id), and a
 *   `shipping_transaction` debit, 6.5% of the shipping, referring to the receipt;
 * - in a shop in GBP or EUR, VAT of 20% on each of those seller fees (`vat_seller_services`, its `parent_entry_id`
 *   the fee's entry: the document's own example).
 * Amounts on the ledger are integers in minor units of the entry's currency; a debit is negative.
 * Documented errors: payment-account-errors.ts.
 */

/** A receipt as the payment account sees it: its shop, lines and when it was paid (epoch seconds). */
export interface PaidReceipt {
  receipt_id: number;
  shop_id: number;
  created: number;
  /** `price` is a unit's, as Etsy's transaction gives it; `shipping` the line's. Decimal amounts of the shop's currency. */
  lines: { transaction_id: number; price: number; quantity: number; shipping: number }[];
}

export interface FakePayment {
  payment_id: number;
  receipt_id: number;
  shop_id: number;
  currency: string;
  grossMinor: number;
  feesMinor: number;
  created: number;
}

export interface FakeLedgerEntry {
  entry_id: number;
  shop_id: number;
  sequence_number: number;
  amount: number;
  currency: string;
  ledger_type: string;
  reference_type: string;
  reference_id: string;
  parent_entry_id: number | null;
  created: number;
  balance: number;
}

export interface FakePaymentAccount {
  payments: FakePayment[];
  ledger: FakeLedgerEntry[];
}

/** Etsy's transaction fee, processing fee (rate and fixed part) and the VAT on seller fees of the fake's GBP and EUR shops. */
export const fakeEtsyFees = { transactionRate: 0.065, processingRate: 0.03, processingFixedMinor: 25, vatRate: 0.2 } as const;
const vatCurrencies = new Set(['GBP', 'EUR']);

const cents = (decimal: number) => Math.round(decimal * 100);

/** Books the receipt's payment and its fees on the shop's ledger (ids from `nextId`). */
export function bookPaidReceipt(account: FakePaymentAccount, receipt: PaidReceipt, currency: string, nextId: () => number): void {
  const lineMinor = (line: PaidReceipt['lines'][number]) => cents(line.price) * line.quantity;
  const grossMinor = receipt.lines.reduce((sum, line) => sum + lineMinor(line) + cents(line.shipping), 0);
  const payment: FakePayment = {
    payment_id: nextId(),
    receipt_id: receipt.receipt_id,
    shop_id: receipt.shop_id,
    currency,
    grossMinor,
    feesMinor: Math.round(grossMinor * fakeEtsyFees.processingRate) + fakeEtsyFees.processingFixedMinor,
    created: receipt.created,
  };
  account.payments.push(payment);
  const book = (amount: number, ledger_type: string, reference_type: string, reference_id: number, parent: number | null = null) => {
    const shopEntries = account.ledger.filter((e) => e.shop_id === receipt.shop_id);
    const previous = shopEntries[shopEntries.length - 1];
    const entry: FakeLedgerEntry = {
      entry_id: nextId(),
      shop_id: receipt.shop_id,
      sequence_number: (previous?.sequence_number ?? 0) + 1,
      amount,
      currency,
      ledger_type,
      reference_type,
      reference_id: String(reference_id),
      parent_entry_id: parent,
      created: receipt.created,
      balance: (previous?.balance ?? 0) + amount,
    };
    account.ledger.push(entry);
    return entry;
  };
  const sellerFee = (minor: number, type: string, referenceType: string, referenceId: number) => {
    const fee = book(-minor, type, referenceType, referenceId);
    if (vatCurrencies.has(currency)) book(-Math.round(minor * fakeEtsyFees.vatRate), 'vat_seller_services', 'etsy', 0, fee.entry_id);
  };
  book(grossMinor, 'PAYMENT_GROSS', 'shop_payment', payment.payment_id);
  book(-payment.feesMinor, 'PAYMENT_PROCESSING_FEE', 'shop_payment', payment.payment_id);
  for (const line of receipt.lines)
    sellerFee(Math.round(lineMinor(line) * fakeEtsyFees.transactionRate), 'transaction', 'transaction', line.transaction_id);
  const shippingMinor = receipt.lines.reduce((sum, line) => sum + cents(line.shipping), 0);
  if (shippingMinor > 0)
    sellerFee(Math.round(shippingMinor * fakeEtsyFees.transactionRate), 'shipping_transaction', 'receipt', receipt.receipt_id);
}

type Answer = { status: number; body?: unknown };
const error = (status: number, message: string): Answer => ({ status, body: { error: message } });
const etsyMoney = (amountMinor: number, currency_code: string) => ({ amount: amountMinor, divisor: 100, currency_code });

/** The payment as the document's Payment schema gives it. */
export function paymentOut(payment: FakePayment) {
  const money = (minor: number) => etsyMoney(minor, payment.currency);
  return {
    payment_id: payment.payment_id,
    buyer_user_id: 5_552_000 + (payment.receipt_id % 1000),
    shop_id: payment.shop_id,
    receipt_id: payment.receipt_id,
    amount_gross: money(payment.grossMinor),
    amount_fees: money(payment.feesMinor),
    amount_net: money(payment.grossMinor - payment.feesMinor),
    // Posted once the purchase ships: the fake's receipts are not shipped.
    posted_gross: null,
    posted_fees: null,
    posted_net: null,
    adjusted_gross: null,
    adjusted_fees: null,
    adjusted_net: null,
    currency: payment.currency,
    shop_currency: payment.currency,
    buyer_currency: payment.currency,
    shipping_user_id: null,
    shipping_address_id: 1,
    billing_address_id: 1,
    status: 'settled',
    shipped_timestamp: null,
    create_timestamp: payment.created,
    created_timestamp: payment.created,
    update_timestamp: payment.created,
    updated_timestamp: payment.created,
    payment_adjustments: [],
  };
}

/** getShopPaymentByReceiptId: the receipt's payment in the caller's shop; 404 for a receipt with none or not theirs. */
export function paymentByReceipt(account: FakePaymentAccount, shopId: number, receiptIdText: string): Answer {
  // The document's receipt_id: a positive integer (its schema's minimum 1).
  if (!/^[1-9]\d*$/.test(receiptIdText)) return error(400, 'receipt_id must be a positive integer');
  const receiptId = Number(receiptIdText);
  const payment = account.payments.find((p) => p.receipt_id === receiptId && p.shop_id === shopId);
  if (!payment) return error(404, `No payment found for receipt ${receiptId}`);
  return { status: 200, body: { count: 1, results: [paymentOut(payment)] } };
}

/** The document's least created timestamp (2000-01-01) and page size. */
const LEAST_CREATED = 946_684_800;
const MAX_LIMIT = 100;

/**
 * Query values the document's schema refuses (its minimum and maximum): the contract checker reads types only, so
 * these are checked here and recorded as contract violations too.
 */
export function ledgerQueryProblems(query: URLSearchParams): string[] {
  const problems: string[] = [];
  const number = (name: string) => (query.has(name) ? Number(query.get(name)) : null);
  for (const name of ['min_created', 'max_created']) {
    const value = number(name);
    if (value !== null && value < LEAST_CREATED) problems.push(`query parameter ${name}: under its minimum ${LEAST_CREATED}`);
  }
  const limit = number('limit');
  if (limit !== null && (limit < 1 || limit > MAX_LIMIT)) problems.push(`query parameter limit: not between 1 and ${MAX_LIMIT}`);
  const offset = number('offset');
  if (offset !== null && offset < 0) problems.push('query parameter offset: under its minimum 0');
  return problems;
}

/** getShopPaymentAccountLedgerEntries: the shop's entries created in [min_created, max_created], oldest first, a page. */
export function ledgerEntriesOf(account: FakePaymentAccount, shopId: number, query: URLSearchParams): Answer {
  const from = Number(query.get('min_created'));
  const to = Number(query.get('max_created'));
  // Etsy's answer to an empty span (in words only: its "problem with the request data").
  if (from > to) return error(400, 'min_created must be before max_created');
  const limit = Number(query.get('limit') ?? 25);
  const offset = Number(query.get('offset') ?? 0);
  const all = account.ledger.filter((e) => e.shop_id === shopId && e.created >= from && e.created <= to);
  const results = all.slice(offset, offset + limit).map((e) => ({
    entry_id: e.entry_id,
    ledger_id: 6_660_000 + (e.shop_id % 100_000),
    sequence_number: e.sequence_number,
    amount: e.amount,
    currency: e.currency,
    description: e.ledger_type,
    balance: e.balance,
    create_date: e.created,
    created_timestamp: e.created,
    ledger_type: e.ledger_type,
    reference_type: e.reference_type,
    reference_id: e.reference_id,
    ...(e.parent_entry_id ? { parent_entry_id: e.parent_entry_id } : {}),
    payment_adjustments: [],
  }));
  return { status: 200, body: { count: all.length, results } };
}

/** Operations whose document names no 404: another shop's id is forbidden (403) there, as Etsy answers it. */
export const noNotFoundOperations = new Set(['getShopPaymentAccountLedgerEntries']);
