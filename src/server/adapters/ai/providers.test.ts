import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../../../../fakes/anthropic-server';
import type { FakeAiServer } from '../../../../fakes/fake-ai-support';
import { startFakeOpenAi } from '../../../../fakes/openai-server';
import { createAnthropicGenerator } from './anthropic-generator';
import { garmentPhoto } from '../../test/garment-photos';
import { createBasicGenerator } from './basic-generator';
import { createOpenAiGenerator } from './openai-generator';
import {
  GenerationTimeoutError,
  InvalidListingError,
  ProviderError,
  RateLimitError,
  type ListingGenerator,
  type ListingRequest,
  type RateLimitInfo,
} from './listing-generator';

async function photo(colour: string) {
  return {
    bytes: await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
    contentType: 'image/jpeg' as const,
  };
}

let request: ListingRequest;
beforeAll(async () => {
  request = {
    sku: 'PSTFSH-001',
    category: 'Mens Jeans',
    condition: 'good',
    brand: "Levi's",
    photos: [await photo('#1e3a8a'), await photo('#1e3a8a'), await photo('#ffffff')],
  };
});

const providers: {
  name: string;
  start: () => Promise<FakeAiServer>;
  make: (fake: FakeAiServer, timeoutMs?: number, apiKey?: string) => ListingGenerator;
}[] = [
  {
    name: 'openai',
    start: () => startFakeOpenAi(),
    make: (fake, timeoutMs, apiKey) =>
      createOpenAiGenerator({ apiKey: apiKey ?? fake.apiKey, baseUrl: fake.url, model: 'gpt-fake', timeoutMs }),
  },
  {
    name: 'anthropic',
    start: () => startFakeAnthropic(),
    make: (fake, timeoutMs, apiKey) =>
      createAnthropicGenerator({ apiKey: apiKey ?? fake.apiKey, baseUrl: fake.url, model: 'claude-fake', timeoutMs }),
  },
];

describe.each(providers)('$name provider against its fake', ({ start, make }) => {
  let fake: FakeAiServer;
  beforeAll(async () => {
    fake = await start();
  });
  afterAll(() => fake.close());

  it('turns a good answer into a validated draft, with the photos sent in order and the limits observed', async () => {
    fake.setMode('good');
    const seen: RateLimitInfo[] = [];
    const draft = await make(fake).generate(request, { onRateLimitInfo: (info) => seen.push(info) });
    expect(draft.title).toContain("Levi's");
    expect(draft.measurements).toEqual({ waist: '16 in', inseam: '30 in', pitToPit: '21 in' });
    expect(draft.evidence.brand).toEqual({ source: 'photo', photo: 0, note: 'Logo patch on the waistband' });
    expect(draft.evidence.size).toMatchObject({ source: 'photo', photo: 2 });
    expect(draft.itemSpecifics['Fit Type']).toBe('Regular');
    expect(fake.requests.at(-1)).toMatchObject({ status: 200, imageCount: 3 });
    expect(seen.at(-1)?.limitPerMinute).toBe(10_000);
  });

  it("asks the price in the seller's currency for their eBay site: a UK seller's notes in pounds, never dollars", async () => {
    fake.setMode('good');
    const draft = await make(fake).generate({ ...request, pricing: { currency: 'GBP', marketplace: 'eBay UK' } });
    expect(draft.pricingNotes).toContain('£28-45');
    expect(draft.pricingNotes).not.toContain('$');
    // Without it, as before: US dollars on eBay US.
    expect((await make(fake).generate(request)).pricingNotes).toContain('$28-45');
  });

  it('sends at most 12 photos', async () => {
    fake.setMode('good');
    const many = { ...request, photos: Array.from({ length: 14 }, () => request.photos[0]!) };
    await make(fake).generate(many);
    expect(fake.requests.at(-1)?.imageCount).toBe(12);
  });

  it('fails malformed JSON with a clear message', async () => {
    fake.setMode('malformed');
    await expect(make(fake).generate(request)).rejects.toThrow(InvalidListingError);
    await expect(make(fake).generate(request)).rejects.toThrow('The AI returned malformed JSON instead of a listing. Please try again.');
  });

  it('fails a listing that breaks the schema, naming the problem', async () => {
    fake.setMode('invalid');
    await expect(make(fake).generate(request)).rejects.toThrow(/^The AI returned an incomplete listing \(description: /);
  });

  it('maps 429 to RateLimitError with the Retry-After seconds', async () => {
    fake.setMode('rate-limit', { retryAfterSeconds: 7 });
    const seen: RateLimitInfo[] = [];
    const err = await make(fake)
      .generate(request, { onRateLimitInfo: (info) => seen.push(info) })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).retryAfterSeconds).toBe(7);
    expect(seen.at(-1)?.retryAfterMs).toBe(7000);
    expect(fake.requests.filter((r) => r.status === 429)).toHaveLength(1); // maxRetries 0: the SDK did not retry
  });

  it('sends once more a request whose connection was cut before any answer (a kept-alive connection the provider closed)', async () => {
    fake.setMode('good');
    fake.queueMode('reset');
    const before = fake.requests.length;
    const draft = await make(fake).generate(request);
    expect(draft.title).toContain("Levi's");
    expect(fake.requests.slice(before).map((r) => r.status)).toEqual([0, 200]);
  });

  it('fails a provider that cuts every connection on the second try, in words, never a third', async () => {
    fake.setMode('reset');
    const before = fake.requests.length;
    await expect(make(fake).generate(request)).rejects.toThrow(/^Can't reach the AI provider: Connection error\.$/);
    expect(fake.requests.length - before).toBe(2);
  });

  it('maps 500 to a ProviderError without retrying', async () => {
    fake.setMode('error');
    const before = fake.requests.length;
    const err = await make(fake)
      .generate(request)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).status).toBe(500);
    expect(fake.requests.length - before).toBe(1);
  });

  it('times out a hanging answer with the agreed message', async () => {
    fake.setMode('hang');
    const started = Date.now();
    const err = await make(fake, 300)
      .generate(request)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GenerationTimeoutError);
    expect((err as Error).message).toBe('Request timed out after 2.5 minutes');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('is refused with a wrong key, like the real service', async () => {
    fake.setMode('good');
    const err = await make(fake, undefined, 'wrong-key')
      .generate(request)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).status).toBe(401);
  });
});

describe('basic provider', () => {
  it('drafts from what the seller said, with no server at all; the photo colour only as an unconfirmed guess', async () => {
    const draft = await createBasicGenerator().generate(request);
    expect(draft.title).toBe("Levi's Men's Jeans");
    expect(`${draft.title} ${draft.description} ${draft.tags.join(' ')}`).not.toMatch(/blue/i);
    expect(draft.itemSpecifics.Color).toBeUndefined();
    expect(draft.evidence.brand).toEqual({ source: 'seller', note: 'Entered by the seller' });
    expect(draft.ebayCategoryId).toBe('11483');
    expect(draft.ebayConditionGrade).toBe('good');
    expect(draft.conditionNotes).toBe('Good as stated by the seller; check the photos for wear.');
    expect(draft.extracted).toMatchObject({ brand: "Levi's", color: null, department: 'Men', size: null, material: null });
    expect(draft.measurements).toEqual({});
    expect(draft.evidence.color).toEqual({
      source: 'photo',
      photo: 0,
      note: 'Looks blue in the photo: unconfirmed, check and enter the color',
    });
    expect(draft.description.length).toBeGreaterThanOrEqual(50);
  });

  it('names a pink dress on a white backdrop pink, not the colour of its backdrop or of its light', async () => {
    const dress = await garmentPhoto({ garment: '#c2185b', background: '#f4f3f0', shape: 'dress', seed: 7 });
    const draft = await createBasicGenerator().generate({
      sku: 'PSTFSH-011',
      category: 'Other Clothing',
      department: 'Women',
      condition: null,
      brand: null,
      photos: [{ ...request.photos[0]!, bytes: dress }],
    });
    expect(draft.evidence.color?.note).toBe('Looks pink in the photo: unconfirmed, check and enter the color');
    expect(draft.itemSpecifics.Color).toBeUndefined();
  });

  it('suggests no price, and says that no price basis is known', async () => {
    for (const r of [request, { ...request, category: null, condition: null, brand: null }]) {
      const draft = await createBasicGenerator().generate(r);
      expect(draft.suggestedPrice).toBeNull();
      expect(draft.pricingNotes).toMatch(/^No price basis is known/);
      expect(`${draft.title} ${draft.description} ${draft.pricingNotes}`).not.toMatch(/\$|\d+\.\d\d/);
    }
  });

  it('titles from the known words only, never "White Item"', async () => {
    const white = [await photo('#ffffff')];
    const nothing = await createBasicGenerator().generate({
      sku: 'PSTFSH-009',
      category: null,
      condition: null,
      brand: null,
      photos: white,
    });
    expect(nothing.title).toBe('Clothing or Accessory');
    expect(nothing.title).not.toMatch(/\bItem\b/);
    const shoes = await createBasicGenerator().generate({
      sku: 'PSTFSH-010',
      category: 'Shoes',
      condition: null,
      brand: 'Nike',
      photos: white,
    });
    expect(shoes.title).toBe('Nike Shoes');
    const womens = await createBasicGenerator().generate({ sku: 'X', category: 'Womens Tops', condition: null, brand: null, photos: [] });
    expect(womens.title).toBe("Women's Top");
  });

  it('gives no condition grade when the condition is not stated, so "Condition not stated" stands alone', async () => {
    const draft = await createBasicGenerator().generate({ ...request, condition: null });
    expect(draft.conditionNotes).toBe('Condition not stated; check the photos for wear.');
    expect(draft.ebayConditionGrade).toBeNull();
    const stated = await createBasicGenerator().generate({ ...request, condition: 'new_with_tags' });
    expect(stated.ebayConditionGrade).toBe('new');
    expect(stated.conditionNotes).not.toContain('not stated');
  });

  it('keeps the SKU out of the buyer-facing text', async () => {
    for (const r of [request, { sku: 'PSTFSH-009', category: null, condition: null, brand: null, photos: [] }]) {
      const draft = await createBasicGenerator().generate(r);
      const buyerText = [draft.title, draft.description, draft.conditionNotes, ...draft.tags].join(' ');
      expect(buyerText).not.toContain(r.sku);
      expect(buyerText).not.toMatch(/\bSKU\b/i);
    }
  });

  it('still writes a valid draft with nothing known', async () => {
    const draft = await createBasicGenerator().generate({ sku: 'PSTFSH-009', category: null, condition: null, brand: null, photos: [] });
    expect(draft.title.length).toBeGreaterThanOrEqual(10);
    expect(draft.extracted.color).toBeNull();
  });
});
