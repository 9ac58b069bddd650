import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../../../../fakes/openai-server';
import type { FakeAiServer } from '../../../../fakes/fake-ai-support';
import { withLabelCheck } from './label-check';
import type { ListingRequest } from './listing-generator';
import type { LabelReader, LabelReading } from './label-reading/read-labels';
import { createOpenAiGenerator } from './openai-generator';

/**
 * Decision 171: with a cloud AI configured, its brand and size are checked against the labels read offline. The fake
 * OpenAI answers "Levi's" and size "32" unless told otherwise; the reader here says what the tags say.
 */

const box = { x: 0.2, y: 0.3, width: 0.5, height: 0.1 };
/** A reader whose tags (photo 1) say the brand and size given. */
const tagsSay = (facts: LabelReading['facts']): LabelReader => ({
  read: async (photos) => ({ facts, photos: photos.map(() => ({ lines: [], facts: {} })) }),
  close: async () => undefined,
});
const read = (value: string, text: string) => ({ value, text, confidence: 0.95, photo: 1, box });

let fake: FakeAiServer;
let request: ListingRequest;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1e3a8a' } })
    .jpeg()
    .toBuffer();
  request = {
    sku: 'PSTFSH-001',
    category: 'Mens Jeans',
    condition: 'good',
    brand: null,
    photos: [
      { bytes: photo, contentType: 'image/jpeg' },
      { bytes: photo, contentType: 'image/jpeg' },
    ],
  };
});
afterAll(() => fake.close());

const cloud = () => createOpenAiGenerator({ apiKey: fake.apiKey, baseUrl: fake.url, model: 'gpt-fake' });

describe("a cloud AI's answer checked against the labels", () => {
  it("where they disagree, fills neither and keeps both for the seller to pick, with the label's line", async () => {
    const draft = await withLabelCheck(cloud(), tagsSay({ brand: read('Lee', 'LEE'), size: read('W30 L32', 'W30 L32') })).generate(request);
    expect(draft.extracted.brand).toBeNull();
    expect(draft.extracted.size).toBeNull();
    expect(draft.itemSpecifics.Brand).toBeUndefined();
    expect(draft.evidence.brand).toEqual({
      source: 'photo',
      photo: 1,
      box,
      note: "Label says Lee; the AI says Levi's",
      disagreement: { label: 'Lee', ai: "Levi's" },
    });
    expect(draft.evidence.size).toMatchObject({ note: 'Label says W30 L32; the AI says 32', disagreement: { label: 'W30 L32', ai: '32' } });
  });

  it("where they agree, keeps the AI's value with the label's line as its evidence; where the AI said nothing, the label fills it", async () => {
    const draft = await withLabelCheck(cloud(), tagsSay({ brand: read("Levi's", "LEVI'S"), size: read('32', 'SIZE 32') })).generate(
      request,
    );
    expect(draft.extracted.brand).toBe("Levi's");
    expect(draft.extracted.size).toBe('32');
    expect(draft.evidence.brand).toEqual({ source: 'photo', photo: 1, box, note: 'Read on the label: "LEVI\'S"' });
    expect(draft.evidence.brand?.disagreement).toBeUndefined();
  });

  it("never questions the seller's own word, and changes nothing where no label was read", async () => {
    const seller = await withLabelCheck(cloud(), tagsSay({ brand: read('Lee', 'LEE') })).generate({ ...request, brand: "Levi's" });
    expect(seller.extracted.brand).toBe("Levi's");
    expect(seller.evidence.brand?.disagreement).toBeUndefined();
    const unread = await withLabelCheck(cloud(), tagsSay({})).generate(request);
    expect(unread.extracted.brand).toBe("Levi's");
    expect(unread.evidence.brand?.note).toBe('Logo patch on the waistband');
  });

  it('writes the listing when the reader fails', async () => {
    const broken: LabelReader = { read: () => Promise.reject(new Error('reader stopped')), close: async () => undefined };
    expect((await withLabelCheck(cloud(), broken).generate(request)).extracted.brand).toBe("Levi's");
  });
});
