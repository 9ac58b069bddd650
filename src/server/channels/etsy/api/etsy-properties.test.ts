import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { etsySizeFor, etsySizePropertyOf } from '@shared/domain/etsy-sizes';
import { startFakeEtsy, type FakeEtsy } from '../../../../../fakes/etsy/etsy-server';
import { pkcePair } from '../../oauth/oauth-client';
import { createEtsyClient, type EtsyDraftListingForm } from './etsy-client';

/**
 * Etsy's sizes, the real client against the fake: a category's size property (getPropertiesByTaxonomyId, its scales
 * and values), set on a draft (updateListingProperty) and read back (getListingProperties); each error the document
 * names for those operations answered where Etsy would.
 */
let fake: FakeEtsy;
beforeAll(async () => {
  fake = await startFakeEtsy({ callsPerSecond: 0 });
});
afterAll(async () => {
  await fake?.close();
});
afterEach(() => fake.reset());

const redirectUri = 'http://localhost:3000/channels';
const client = () =>
  createEtsyClient({ keystring: fake.keystring, sharedSecret: fake.sharedSecret, apiBase: fake.url, oauthBase: fake.url });

async function seller() {
  const c = client();
  const { verifier, challenge } = await pkcePair();
  const at = new URL(c.authorizeUrl({ state: 's', codeChallenge: challenge, redirectUri }));
  const form = new URLSearchParams({ decision: 'allow' });
  for (const name of ['redirect_uri', 'state', 'code_challenge', 'scope']) form.set(name, at.searchParams.get(name) ?? '');
  const back = await fetch(`${at.origin}/oauth/consent`, { method: 'POST', body: form, redirect: 'manual' });
  const code = new URL(back.headers.get('location') ?? '').searchParams.get('code')!;
  const { accessToken: token } = await c.exchangeCode({ code, codeVerifier: verifier, redirectUri });
  return { c, token, shopId: String((await c.getMe(token)).shop_id) };
}

const draft = (taxonomyId: number): EtsyDraftListingForm => ({
  quantity: 1,
  title: 'Vintage pair',
  description: 'Worn twice.',
  price: 40,
  who_made: 'someone_else',
  when_made: '1990s',
  taxonomy_id: taxonomyId,
  is_supply: false,
  type: 'physical',
});

/** The fake's shoes leaf and jeans leaf (Shoes > Men's Shoes > Sneakers, Clothing > Men's > Pants > Jeans). */
const SNEAKERS = 500;
const JEANS = 1000;

describe('a listing’s size on Etsy', () => {
  it('EU 43 goes on the shoe size’s EU scale and W32 L32 on the jeans’ waist scale, read back as set', async () => {
    const s = await seller();
    const shoeProperty = etsySizePropertyOf((await s.c.taxonomyProperties(SNEAKERS)).results ?? [])!;
    expect(shoeProperty.scales?.map((scale) => scale.display_name)).toEqual(['US/Canada', 'UK', 'EU']);
    // The document's own example: on shoes, the US/Canada scale is 19 and EU 38 is value 1394.
    expect(shoeProperty.scales?.find((scale) => scale.display_name === 'US/Canada')?.scale_id).toBe(19);
    expect(shoeProperty.possible_values?.find((v) => v.value_id === 1394)).toMatchObject({ name: '38' });

    const eu = etsySizeFor('EU 43', shoeProperty, true);
    expect(eu).toMatchObject({ kind: 'mapped', value: '43', words: 'EU 43' });
    const uk = etsySizeFor('UK 9', shoeProperty, true);
    expect(uk).toMatchObject({ kind: 'mapped', value: '9', words: 'UK 9' });
    if (eu?.kind !== 'mapped') throw new Error('EU 43 placed');
    const shoes = await s.c.createDraftListing(s.token, s.shopId, draft(SNEAKERS));
    const set = await s.c.updateListingProperty(s.token, s.shopId, String(shoes.listing_id), eu.propertyId, {
      value_ids: [eu.valueId],
      values: [eu.value],
      scale_id: eu.scaleId!,
    });
    expect(set).toMatchObject({ property_name: 'Shoe size', scale_name: 'EU', values: ['43'] });
    expect((await s.c.getListingProperties(s.token, s.shopId, String(shoes.listing_id))).results).toEqual([set]);

    const jeansProperty = etsySizePropertyOf((await s.c.taxonomyProperties(JEANS)).results ?? [])!;
    for (const label of ['W32 L32', '32x32']) expect(etsySizeFor(label, jeansProperty)).toMatchObject({ words: 'W32', value: '32' });
    expect(etsySizeFor('M', jeansProperty)).toMatchObject({ words: 'M' });
    const waist = etsySizeFor('W32 L32', jeansProperty);
    if (waist?.kind !== 'mapped') throw new Error('W32 placed');
    const jeans = await s.c.createDraftListing(s.token, s.shopId, draft(JEANS));
    await s.c.updateListingProperty(s.token, s.shopId, String(jeans.listing_id), waist.propertyId, {
      value_ids: [waist.valueId],
      values: [waist.value],
      scale_id: waist.scaleId!,
    });
    expect(fake.snapshot().listings.find((l) => l.listing_id === jeans.listing_id)?.properties).toEqual([
      expect.objectContaining({ property_name: 'Size', scale_name: 'Waist', values: ['32'] }),
    ]);
    expect(fake.contractViolations).toEqual([]);
  });

  it('a size no scale takes is a choice of the scales’ values, each said with its scale', () => {
    const property = {
      property_id: 7,
      display_name: 'Shoe size',
      scales: [
        { scale_id: 19, display_name: 'US/Canada' },
        { scale_id: 21, display_name: 'EU' },
      ],
      possible_values: [
        { value_id: 1, name: '10', scale_id: 19 },
        { value_id: 2, name: '43', scale_id: 21 },
      ],
    };
    expect(etsySizeFor('UK 9', property, true)).toEqual({ kind: 'ask', ours: 'UK 9', options: ['US 10', 'EU 43'] });
    // A bare number's system is not said: asked, never guessed.
    expect(etsySizeFor('9', property, true)).toMatchObject({ kind: 'ask' });
    expect(etsySizeFor('EU 43', property, true)).toMatchObject({ kind: 'mapped', valueId: 2, scaleId: 21 });
    expect(etsySizeFor('', property, true)).toBeNull();
  });

  it('answers the document’s errors: 400 for a value, scale or property the category does not take, 403 another shop’s, 404 none such', async () => {
    const s = await seller();
    const other = await seller();
    const shoes = String((await s.c.createDraftListing(s.token, s.shopId, draft(SNEAKERS))).listing_id);
    const put = (
      who: typeof s,
      propertyId: number,
      form: { value_ids: number[]; values: string[]; scale_id?: number },
      shopId = who.shopId,
    ) => who.c.updateListingProperty(who.token, shopId, shoes, propertyId, form);
    const eu43 = { value_ids: [1394 + 10], values: ['43'], scale_id: 21 };
    // A value of another scale, a value whose name is not its id's, no scale, a scale the property has not.
    await expect(put(s, 506, { ...eu43, scale_id: 19 })).rejects.toMatchObject({ status: 400 });
    await expect(put(s, 506, { ...eu43, values: ['44'] })).rejects.toMatchObject({ status: 400 });
    await expect(put(s, 506, { value_ids: eu43.value_ids, values: eu43.values })).rejects.toMatchObject({ status: 400 });
    await expect(put(s, 506, { ...eu43, scale_id: 301 })).rejects.toMatchObject({ status: 400 });
    // Two values where one is taken; ids and values that do not pair; parentheses.
    await expect(put(s, 506, { value_ids: [1404, 1406], values: ['43', '44'], scale_id: 21 })).rejects.toMatchObject({ status: 400 });
    await expect(put(s, 506, { value_ids: [1404, 1406], values: ['43'], scale_id: 21 })).rejects.toMatchObject({ status: 400 });
    await expect(put(s, 506, { ...eu43, values: ['(43)'] })).rejects.toMatchObject({ status: 400 });
    // The clothing size property on shoes; a property Etsy does not have.
    await expect(put(s, 505, { value_ids: [3003], values: ['M'], scale_id: 301 })).rejects.toMatchObject({ status: 400 });
    await expect(put(s, 999_999, eu43)).rejects.toMatchObject({ status: 404 });
    // Another seller's listing: not theirs to change; through another's shop id: no such shop for them.
    await expect(put(other, 506, eu43)).rejects.toMatchObject({ status: 403 });
    await expect(put(other, 506, eu43, s.shopId)).rejects.toMatchObject({ status: 404 });
    await expect(other.c.getListingProperties(other.token, other.shopId, shoes)).rejects.toMatchObject({ status: 404 });
    // No valid token.
    await expect(s.c.updateListingProperty('not-a-token', s.shopId, shoes, 506, eu43)).rejects.toMatchObject({ status: 401 });
    // A taxonomy node Etsy does not have.
    await expect(s.c.taxonomyProperties(424_242)).rejects.toMatchObject({ status: 404 });
    // Nothing was set by any of them; the right one is.
    expect((await s.c.getListingProperties(s.token, s.shopId, shoes)).results).toEqual([]);
    expect(await put(s, 506, eu43)).toMatchObject({ scale_id: 21, value_ids: [1404], values: ['43'] });
    expect(fake.contractViolations).toEqual([]);
  });
});
