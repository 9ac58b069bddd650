import { describe, expect, it } from 'vitest';
import type { LabelOcr, OcrRead } from './label-ocr';
import { createLabelReader, LABEL_TEXTS_KEPT } from './read-labels';

/** An OCR that reads each photo's bytes as its one line of text, counting what it was asked; a photo saying FAIL fails once. */
function countingOcr() {
  const asked: string[] = [];
  const failed = new Set<string>();
  const ocr: LabelOcr = {
    async read(photo): Promise<OcrRead> {
      const text = photo.toString();
      asked.push(text);
      if (text.startsWith('FAIL') && !failed.has(text)) {
        failed.add(text);
        throw new Error('the reader stopped');
      }
      return { lines: [{ text, confidence: 0.99 }], barcodes: [], cpuMs: 250, peakMb: 500 };
    },
    close: async () => undefined,
  };
  return { ocr, asked };
}

const photo = (text: string) => Buffer.from(text);
const context = { brands: ["Levi's", 'Zara'], home: 'UK' as const };

describe('the label reader keeps what each photo said', () => {
  it('an item written again (the review queue, Regenerate) is not read again: its facts are the same', async () => {
    const { ocr, asked } = countingOcr();
    const reader = createLabelReader(ocr);
    const photos = [photo('garment'), photo("LEVI'S"), photo('SIZE M')];
    const first = await reader.read(photos, context);
    expect(first.facts.brand?.value).toBe("Levi's");
    expect(first.facts.size?.value).toBe('M');
    const again = await reader.read(
      photos.map((p) => Buffer.from(p)),
      context,
    );
    expect(again).toEqual(first);
    expect(asked).toEqual(['garment', "LEVI'S", 'SIZE M']);
  });

  it('a changed photo is read anew; the facts follow the context of each read (the seller’s brands)', async () => {
    const { ocr, asked } = countingOcr();
    const reader = createLabelReader(ocr);
    expect((await reader.read([photo('SEASALT CORNWALL')], context)).facts.brand).toBeUndefined();
    const own = await reader.read([photo('SEASALT CORNWALL')], { ...context, brands: ['Seasalt Cornwall', ...context.brands] });
    expect(own.facts.brand?.value).toBe('Seasalt Cornwall');
    await reader.read([photo('SEASALT CORNWALL, cropped')], context);
    expect(asked).toEqual(['SEASALT CORNWALL', 'SEASALT CORNWALL, cropped']);
  });

  it('a photo the OCR failed on counts as one without text and is read again next time', async () => {
    const { ocr, asked } = countingOcr();
    const reader = createLabelReader(ocr);
    expect((await reader.read([photo('FAIL ZARA')], context)).photos).toEqual([{ lines: [], facts: {} }]);
    expect((await reader.read([photo('FAIL ZARA')], context)).facts.brand?.value).toBe('Zara');
    expect(asked).toEqual(['FAIL ZARA', 'FAIL ZARA']);
  });

  it(`keeps the last ${LABEL_TEXTS_KEPT} photos read: the least recently read is read again`, async () => {
    const { ocr, asked } = countingOcr();
    const reader = createLabelReader(ocr);
    const many = Array.from({ length: LABEL_TEXTS_KEPT }, (_, i) => photo(`photo ${i}`));
    for (const one of many) await reader.read([one], context);
    await reader.read([many[0]!], context); // photo 0 read again: now the most recent
    await reader.read([photo('one more')], context); // photo 1 leaves
    asked.length = 0;
    await reader.read([many[0]!, many[2]!, many[1]!], context);
    expect(asked).toEqual(['photo 1']);
  });
});
