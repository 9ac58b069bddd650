import { paced } from '@shared/testing/pace';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistedMessages, type HandoverResponse } from '@shared/contracts/assisted';
import { channelMessages, type ListOnChannelsResponse } from '@shared/contracts/channels';
import { money } from '@shared/domain/money';
import type { SellerMarketplaceId } from '@shared/domain/ebay-sites';
import { channelListings, items } from '../../db/schema';
import { itemWithPhotos } from '../../test/listings';
import { setSellerMarketplace } from '../ebay/test-seller-site';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

/**
 * On the real app and database: the seller's country picks the assisted marketplace's site (Vinted France,
 * Vinted UK, Depop UK), the draft's price is in that site's currency (never converted) and its size in that site's
 * standard, in the field and in the text.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, paced(120_000));
afterAll(async () => {
  await t?.close();
});

const db = () => t.deps.database.db;
const inject = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const path = (itemId: string, channel: string, what: string) => `/api/items/${itemId}/listings/${channel}/${what}`;

/** A seller on `marketplace` with a women's jumper, US size 8, priced in `currency`. */
async function sellerWithJumper(marketplace: SellerMarketplaceId | null, currency: string, amountMinor = 1800) {
  const seller = await t.makeUser();
  if (marketplace) await setSellerMarketplace(db(), seller.id, marketplace);
  const item = await itemWithPhotos(t, seller, { category: 'Womens Tops', brand: 'Boden', condition: 'good' }, 1);
  await db()
    .update(items)
    .set({
      currency,
      aiSuggestedPriceMinor: amountMinor,
      aiTitle: 'Boden Merino Jumper Navy',
      aiDescription: 'Soft merino jumper in navy, worn twice.',
      extractedSize: '8',
      extractedSizeType: 'Regular',
      extractedDepartment: 'Women',
    })
    .where(eq(items.id, item.id));
  return { seller, itemId: item.id };
}

const handover = async (user: TestUser, itemId: string, channel: string) => {
  const res = await inject(user, 'GET', path(itemId, channel, 'handover'));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<HandoverResponse>();
};

describe('assisted marketplaces in the seller’s country', () => {
  it('a UK seller: Vinted UK and Depop in pounds, the size in UK sizes in the field and the text; the listing recorded in pounds', async () => {
    const { seller, itemId } = await sellerWithJumper('EBAY_GB', 'GBP');
    const vinted = await handover(seller, itemId, 'vinted');
    expect(vinted).toMatchObject({
      site: { name: 'Vinted UK', host: 'vinted.co.uk', currency: 'GBP', sizeStandard: 'UK' },
      price: money(1800, 'GBP'),
      priceNote: null,
      size: 'UK 12',
      questions: [],
      urlExample: 'https://www.vinted.co.uk/items/…',
    });
    expect(vinted.description).toMatch(/\n\nSize: UK 12$/);
    const depop = await handover(seller, itemId, 'depop');
    expect(depop).toMatchObject({ site: { currency: 'GBP', sizeStandard: 'UK' }, price: money(1800, 'GBP'), size: 'UK 12' });

    const listed = await inject(seller, 'POST', path(itemId, 'vinted', 'listed'), {
      url: 'https://www.vinted.co.uk/items/4242-boden-jumper',
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const [row] = await db().select().from(channelListings).where(eq(channelListings.itemId, itemId));
    expect(row).toMatchObject({ channel: 'vinted', status: 'live', priceMinor: 1800, currency: 'GBP' });
  });

  it('a French seller: Vinted France in euros, the size asked in EU sizes and only those taken', async () => {
    const { seller, itemId } = await sellerWithJumper('EBAY_FR', 'EUR', 2250);
    const vinted = await handover(seller, itemId, 'vinted');
    expect(vinted).toMatchObject({
      site: { name: 'Vinted France', host: 'vinted.fr', currency: 'EUR' },
      price: money(2250, 'EUR'),
      size: null,
    });
    expect(vinted.questions[0]).toMatchObject({ field: 'size', ours: '8, Regular' });
    expect(vinted.questions[0]!.options).toEqual(expect.arrayContaining(['EU 38', 'EU 40', 'M']));
    expect(vinted.questions[0]!.options).not.toContain('UK 12');

    const refused = await inject(seller, 'PUT', path(itemId, 'vinted', 'answers'), { size: 'UK 12' });
    expect(refused.statusCode).toBe(400);
    const answered = await inject(seller, 'PUT', path(itemId, 'vinted', 'answers'), { size: 'EU 40' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<HandoverResponse>()).toMatchObject({ size: 'EU 40', questions: [] });
    expect(answered.json<HandoverResponse>().description).toMatch(/Size: EU 40$/);
    expect(
      (await inject(seller, 'POST', path(itemId, 'vinted', 'listed'), { url: 'https://www.vinted.fr/items/77-pull' })).statusCode,
    ).toBe(200);
  });

  it('never converts: a price in another currency than the site’s is no price, and says why; no site, no price', async () => {
    const { seller, itemId } = await sellerWithJumper('EBAY_GB', 'USD', 2500);
    expect(await handover(seller, itemId, 'vinted')).toMatchObject({
      price: null,
      basePrice: money(2500, 'USD'),
      priceNote: assistedMessages.otherCurrency('USD', 'Vinted UK', 'GBP'),
    });
    const australian = await sellerWithJumper('EBAY_AU', 'AUD');
    expect(await handover(australian.seller, australian.itemId, 'vinted')).toMatchObject({
      site: null,
      price: null,
      priceNote: assistedMessages.noSite('Vinted'),
    });
  });

  it('a seller with no marketplace set stays on the US sites, in dollars and US sizes', async () => {
    const { seller, itemId } = await sellerWithJumper(null, 'USD', 2500);
    const vinted = await handover(seller, itemId, 'vinted');
    expect(vinted).toMatchObject({
      site: { host: 'vinted.com', currency: 'USD', sizeStandard: 'US' },
      price: money(2500, 'USD'),
      size: '8',
    });
    expect(vinted.description).toBe('Soft merino jumper in navy, worn twice.');
  });

  it.each([
    ['EBAY_GB', 'GBP', 'United Kingdom', ['vinted', 'grailed']],
    ['EBAY_DE', 'EUR', 'Germany', ['vinted']],
  ] as const)(
    'a seller on %s is not offered Mercari nor Poshmark: "List on" refuses them in words, and prepares the sites of their country',
    async (marketplace, currency, countryName, prepared) => {
      const { seller, itemId } = await sellerWithJumper(marketplace, currency);
      const res = await inject(seller, 'POST', '/api/channels/listings', {
        itemIds: [itemId],
        channels: ['mercari', 'poshmark', ...prepared],
      });
      expect(res.statusCode, res.body).toBe(200);
      const outcomes = res.json<ListOnChannelsResponse>().channels;
      for (const [channel, name] of [
        ['mercari', 'Mercari'],
        ['poshmark', 'Poshmark'],
      ] as const) {
        expect(outcomes.find((o) => o.channel === channel)).toMatchObject({
          prepared: [],
          refused: [{ itemId, message: channelMessages.notServed(name, countryName) }],
        });
      }
      for (const channel of prepared)
        expect(outcomes.find((o) => o.channel === channel)).toMatchObject({ prepared: [itemId], refused: [] });
      const rows = await db().select({ channel: channelListings.channel }).from(channelListings).where(eq(channelListings.itemId, itemId));
      expect(rows.map((r) => r.channel).sort()).toEqual([...prepared].sort());
    },
  );
});
