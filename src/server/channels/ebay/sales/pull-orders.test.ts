import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEbay, type FakeEbay } from '../../../../../fakes/ebay/ebay-server';
import { clientForFake, connectFakeSeller } from '../../../test/fake-ebay-seller';
import { pullEbayOrderLines } from './pull-orders';

let fake: FakeEbay;

beforeAll(async () => {
  fake = await startFakeEbay();
});
afterAll(() => fake.close());
afterEach(() => {
  expect(fake.contractViolations).toEqual([]);
  fake.reset();
});

describe('pulling eBay order lines', () => {
  it('reads every page of the orders changed since the moment, each line with its price, shipping and cancellation', async () => {
    const client = clientForFake(fake);
    const token = await connectFakeSeller(client);
    const seller = fake.state.sellers[0]!.userId;
    const since = new Date('2026-11-01T00:00:00Z');
    fake.state.addOrder(seller, [{ sku: 'BEFORE' }], { at: since.getTime() - 1 });
    const orders = [1, 2, 3, 4, 5].map((n) =>
      fake.state.addOrder(seller, [{ sku: `S${n}`, price: `${n}0.00`, shipping: '4.25' }], { at: since.getTime() + n }),
    );
    fake.state.addOrder(seller, [{ sku: 'A' }, { sku: 'B', quantity: 2, price: '7.50' }], { at: since.getTime() + 10 });
    fake.state.cancelOrder(orders[2]!.orderId, since.getTime() + 20);
    const tokens: string[] = [];
    const account = { withUserToken: <T>(_userId: string, call: (t: string) => Promise<T>) => (tokens.push(token), call(token)) };

    const lines = await pullEbayOrderLines({ client, account }, 'user-1', since, 2);
    expect(tokens).toHaveLength(3);
    expect(lines.map((l) => l.sku)).toEqual(['S1', 'S2', 'S3', 'S4', 'S5', 'A', 'B']);
    expect(lines[0]).toEqual({
      orderId: orders[0]!.orderId,
      lineId: orders[0]!.lines[0]!.lineItemId,
      sku: 'S1',
      listingId: orders[0]!.lines[0]!.legacyItemId,
      quantity: 1,
      priceMinor: 1000,
      shippingMinor: 425,
      currency: 'USD',
      soldAt: new Date(since.getTime() + 1),
      cancelledAt: null,
      // The order's buyer as eBay names them (decision 083: a double sale shows who bought each).
      buyer: expect.stringMatching(/^buyer_/),
      // The line's title (the import of past sales names its item so; decision 150).
      title: 'S1',
    });
    expect(lines[6]).toMatchObject({ quantity: 2, priceMinor: 750, shippingMinor: 0 });
    expect(lines.filter((l) => l.cancelledAt).map((l) => [l.sku, l.cancelledAt!.getTime()])).toEqual([['S3', since.getTime() + 20]]);
  });
});
