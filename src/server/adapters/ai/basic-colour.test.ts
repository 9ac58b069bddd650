import { describe, expect, it } from 'vitest';
import { garmentPhoto } from '../../test/garment-photos';
import { chooseColour, COLOUR_FACT_MIN, createBasicGenerator, type ColourRead } from './basic-generator';
import type { ListingRequest } from './listing-generator';
import type { LabelReader, LabelReading } from './label-reading/read-labels';

/** Decision 171: a colour read surely from the garment's photos is a fact that fills the item's colour; under the threshold, a guess. */

const read = (photo: number, name: ColourRead['name'], confidence: number): ColourRead => ({
  name,
  shade: name.toLowerCase(),
  hex: '#4a6a94',
  photo,
  confidence,
  share: 0.9,
  method: 'backdrop',
});

describe('the colour as a fact', () => {
  it('is sure from the threshold on, a guess under it', () => {
    expect(chooseColour([read(0, 'Blue', COLOUR_FACT_MIN)])).toMatchObject({ name: 'Blue', sure: true });
    expect(chooseColour([read(0, 'Blue', COLOUR_FACT_MIN - 0.01)])).toMatchObject({ name: 'Blue', sure: false });
    expect(chooseColour([null])).toBeNull();
  });

  it('is a fact only where the garment stood out from its backdrop: a photo of one flat colour may be anything', () => {
    expect(chooseColour([{ ...read(0, 'Blue', 0.9), method: 'centre' }])).toMatchObject({ name: 'Blue', sure: false });
  });

  it('is said by its surest photo, and is no fact when another photo is as sure of another colour', () => {
    expect(chooseColour([read(0, 'Blue', 0.4), read(1, 'Blue', 0.8)])).toMatchObject({ photo: 1, sure: true });
    expect(chooseColour([read(0, 'Blue', 0.9), read(1, 'Black', 0.6)])).toMatchObject({ name: 'Blue', sure: false });
    expect(chooseColour([read(0, 'Blue', 0.9), read(1, 'Black', 0.3)])).toMatchObject({ name: 'Blue', sure: true });
  });
});

const request = (photos: Buffer[], r: Partial<ListingRequest> = {}): ListingRequest => ({
  sku: 'PSTFSH-001',
  category: 'Mens Jeans',
  condition: 'good',
  brand: null,
  photos: photos.map((bytes) => ({ bytes, contentType: 'image/jpeg' })),
  ...r,
});

/** A label reader that read text on the photos given (their tags), and nothing elsewhere. */
const readerSeeingTextOn = (tagPhotos: number[]): LabelReader => ({
  async read(photos) {
    const perPhoto: LabelReading['photos'] = photos.map((_, i) =>
      tagPhotos.includes(i) ? { lines: [{ text: 'MADE IN ITALY', confidence: 0.95 }], facts: {} } : { lines: [], facts: {} },
    );
    return { facts: {}, photos: perPhoto };
  },
  close: async () => undefined,
});

describe("the offline writer's colour", () => {
  const denim = () => garmentPhoto({ garment: '#44618a', background: '#f4f3f0', shape: 'trousers', seed: 7 });
  // A black tag photographed close: read alone, it is black, surely.
  const blackTag = () => garmentPhoto({ garment: '#111111', background: '#f4f3f0', shape: 'jacket', seed: 3 });

  it("fills the item's colour from the garment's photo, with the photo, its swatch and share, leaving out the tags' photos", async () => {
    const draft = await createBasicGenerator({ labels: readerSeeingTextOn([0]) }).generate(request([await blackTag(), await denim()]));
    expect(draft.extracted.color).toBe('Blue');
    expect(draft.evidence.color).toMatchObject({
      source: 'photo',
      photo: 1,
      note: expect.stringMatching(/^Denim, \d+% of the garment$/),
      swatch: '#4a6a94',
      box: { x: 0, y: 0, width: 1, height: 1 },
    });
    expect(draft.evidence.color?.share).toBeGreaterThan(0.8);
    expect(draft.description).toContain('Color: Blue');
  });

  it("never writes over the seller's colour", async () => {
    const facts = { size: null, sizeType: null, color: 'Navy', material: null, style: null, fit: null };
    const draft = await createBasicGenerator({ labels: readerSeeingTextOn([]) }).generate(request([await denim()], { facts }));
    expect(draft.extracted.color).toBe('Navy');
    expect(draft.evidence.color).toEqual({ source: 'seller', note: 'Entered by the seller' });
  });

  it('stays a guess under the threshold, and without a label reader (which photos are tags is not known)', async () => {
    // A dark pink dress on white: pink, but with a confidence under the threshold.
    const doubtful = await garmentPhoto({ garment: '#c2185b', background: '#f4f3f0', shape: 'dress', seed: 100 });
    const guessed = await createBasicGenerator({ labels: readerSeeingTextOn([]) }).generate(
      request([doubtful], { category: 'Other Clothing' }),
    );
    expect(guessed.extracted.color).toBeNull();
    expect(guessed.evidence.color?.note).toMatch(/^Looks pink in the photo: unconfirmed/);
    const unread = await createBasicGenerator().generate(request([await denim()]));
    expect(unread.extracted.color).toBeNull();
    expect(unread.evidence.color?.note).toMatch(/^Looks blue in the photo: unconfirmed/);
  });
});
