import { describe, expect, it } from 'vitest';
import { COMMON_BRANDS } from '@shared/domain/common-brands';
import { gtinValid, productCodeOf, upcEToA } from './label-barcode';
import { brandOf } from './label-brand';
import { compositionOf, countryOf, registrationOf } from './label-composition';
import { combinePhotoFacts, labelFactsOf } from './label-facts';
import { sizeOf } from './label-size';
import { fixDigits } from './label-text';

const read = (...texts: string[]) => texts.map((text) => ({ text, confidence: 0.97 }));
const brands = ['Seasalt Cornwall', 'Hobbs', 'Coach', ...COMMON_BRANDS];

describe('the brand on a label', () => {
  it('finds the brand however the OCR spelled its case, accents and look-alike letters', () => {
    expect(brandOf(read("LEVI'S"), brands)?.brand).toBe("Levi's");
    expect(brandOf(read('LEV1S'), brands)?.brand).toBe("Levi's");
    expect(brandOf(read('HERMES PARIS'), brands)?.brand).toBe('Hermès');
    expect(brandOf(read('HERMESPARIS'), brands)?.brand).toBe('Hermès');
    expect(brandOf(read('PATAG0NIA'), brands)?.brand).toBe('Patagonia');
    expect(brandOf(read('TOMMY HILFIGEP'), brands)?.brand).toBe('Tommy Hilfiger');
    expect(brandOf(read('TheNorthFace'), brands)?.brand).toBe('The North Face');
    expect(brandOf(read('Levi Strauss & Co.'), brands)?.brand).toBe("Levi's");
  });

  it("takes the longer name and the seller's own brands, which the common list leaves out", () => {
    expect(brandOf(read('POLO RALPH LAUREN'), brands)?.brand).toBe('Polo Ralph Lauren');
    expect(brandOf(read('COACH', 'NEW YORK'), brands)?.brand).toBe('Coach');
    expect(brandOf(read('Hobbs London'), brands)?.brand).toBe('Hobbs');
  });

  it('takes a brand that is a plain word only where a line says it alone', () => {
    expect(brandOf(read('GAP'), COMMON_BRANDS, ['Gap', 'Next'])?.brand).toBe('Gap');
    expect(brandOf(read('NEXT'), COMMON_BRANDS, ['Gap', 'Next'])?.brand).toBe('Next');
    expect(brandOf(read('MIND THE GAP'), COMMON_BRANDS, ['Gap', 'Next'])).toBeNull();
    expect(brandOf(read('NEXT DAY DELIVERY'), COMMON_BRANDS, ['Gap', 'Next'])).toBeNull();
  });

  it('finds no brand inside another word, in a composition, or when two brands are read as surely', () => {
    expect(brandOf(read('100% VISCOSE'), brands)).toBeNull();
    expect(brandOf(read('SLEEVE LENGTH'), brands)).toBeNull();
    expect(brandOf(read('COSTUME NATIONAL'), brands)).toBeNull();
    expect(brandOf(read('NIKE', 'ADIDAS'), brands)).toBeNull();
    expect(brandOf(read('MACHINE WASH COLD'), brands)).toBeNull();
  });
});

describe('the size on a tag', () => {
  it.each([
    [['W32 L32'], 'W32 L32'],
    [['W32L30'], 'W32 L30'],
    [['32x32'], 'W32 L32'],
    [['34/30'], 'W34 L30'],
    [['WAIST 30 LENGTH 32'], 'W30 L32'],
    [['W 3O L 32'], 'W30 L32'],
    [['SIZE M'], 'M'],
    [['TAILLE / SIZE XL'], 'XL'],
    [['MEDIUM'], 'M'],
    [['Fred Perry SMALL'], 'S'],
    [['X-LARGE'], 'XL'],
    [['SIZE M', 'UK 12  EU 40'], 'M'],
    [['AGE 7-8 YEARS'], '7-8 Years'],
    [['7-8 Y 128 CM'], '7-8 Years'],
    [['3-6 MONTHS'], '3-6 Months'],
  ])('reads %j as %s', (lines, size) => {
    expect(sizeOf(read(...lines), 'UK')?.size).toBe(size);
  });

  it("gives the seller's own system of several, and the first printed where theirs is not there", () => {
    expect(sizeOf(read('UK 12  EU 40  US 8'), 'US')?.size).toBe('US 8');
    expect(sizeOf(read('UK 12', 'EUR 40', 'US 8'), 'EU')?.size).toBe('EU 40');
    expect(sizeOf(read('UK6EUR34US2'), 'US')?.size).toBe('US 2');
    expect(sizeOf(read('UK 10 FR 38 IT 42'), 'US')?.size).toBe('UK 10');
    expect(sizeOf(read('UK 9  EUR 43  US 10'), 'UK')?.size).toBe('UK 9');
    expect(sizeOf(read('UK 7.5 EUR 41.5 US 8.5'), 'US')?.size).toBe('US 8.5');
  });

  it('reads a size that names no system ("SIZE 12") in the seller\'s own, where it is one of its sizes', () => {
    expect(sizeOf(read('SIZE 12'), 'UK')).toMatchObject({ size: 'UK 12', line: 'SIZE 12' });
    expect(sizeOf(read('SIZE 12'), 'US')?.size).toBe('US 12');
    expect(sizeOf(read('GRÖSSE 38'), 'EU')?.size).toBe('EU 38');
    expect(sizeOf(read('Size: 8'), 'UK')?.size).toBe('UK 8');
    // Less sure than a system printed.
    expect(sizeOf(read('SIZE 12'), 'UK')!.confidence).toBeLessThan(sizeOf(read('UK 12'), 'UK')!.confidence);
    // Not one of that country's sizes, two of them, a size given in two, a length, or a tag naming a system.
    expect(sizeOf(read('SIZE 12'), 'EU')).toBeNull();
    expect(sizeOf(read('SIZE 38'), 'UK')).toBeNull();
    expect(sizeOf(read('SIZE 10', 'SIZE 12'), 'UK')).toBeNull();
    expect(sizeOf(read('SIZE 10/12'), 'UK')).toBeNull();
    expect(sizeOf(read('SIZE 24 CM'), 'US')).toBeNull();
    expect(sizeOf(read('SIZE 12', 'UK 12  EU 46  US 8'), 'UK')).toBeNull();
    expect(sizeOf(read('SIZE 12', 'EU 40'), 'UK')?.size).toBe('EU 40');
    expect(sizeOf(read('OVERSIZE 12'), 'UK')).toBeNull();
  });

  it('gives no size where the systems contradict each other, a number is out of range, or nothing says size', () => {
    expect(sizeOf(read('UK 12  EU 46  US 8'), 'UK')).toBeNull();
    expect(sizeOf(read('UK 94'), 'UK')).toBeNull();
    expect(sizeOf(read('WASH AT 30°C'), 'UK')).toBeNull();
    expect(sizeOf(read('STYLE 501-0115'), 'UK')).toBeNull();
    expect(sizeOf(read('M', 'L'), 'UK')).toBeNull();
    // A lone letter read unsurely is noise, not a size.
    expect(sizeOf([{ text: 'L', confidence: 0.7 }], 'UK')).toBeNull();
  });
});

describe('the composition, country and RN on a care label', () => {
  it('reads the fibres in several languages, in order of share', () => {
    expect(compositionOf(read('100% COTTON'))?.composition).toBe('100% Cotton');
    expect(compositionOf(read('40% POLYAMIDE', '60% WOOL / LAINE / WOLLE'))?.composition).toBe('60% Wool, 40% Polyamide');
    expect(compositionOf(read('60% Wool 40% Polyamide'))?.composition).toBe('60% Wool, 40% Polyamide');
    expect(compositionOf(read('1OO% BAUMWOLLE'))?.composition).toBe('100% Cotton');
    expect(compositionOf(read('5%LINEN/LIN 25%POLYAMIDE 70%M0DAL'))?.composition).toBe('70% Modal, 25% Polyamide, 5% Linen');
  });

  it("takes the shell's, not the lining's, whichever is printed first", () => {
    expect(compositionOf(read('SHELL: 100% POLYESTER', 'LINING: 100% VISCOSE'))?.composition).toBe('100% Polyester');
    expect(compositionOf(read('LINING:100%COTTON SHELL:80%WOOL 20%NYLON'))?.composition).toBe('80% Wool, 20% Nylon');
  });

  it('gives no composition that does not add up to 100 or names no fibre', () => {
    expect(compositionOf(read('60% WOOL 30% POLYAMIDE'))).toBeNull();
    expect(compositionOf(read('100% PERFECT'))).toBeNull();
    expect(compositionOf(read('MACHINE WASH COLD'))).toBeNull();
  });

  it('reads the country it was made in and its RN or CA number', () => {
    expect(countryOf(read('MADE IN BANGLADESH'))?.country).toBe('Bangladesh');
    expect(countryOf(read('FABRIQUÉ EN ITALIE / MADE IN ITALY'))?.country).toBe('Italy');
    expect(countryOf(read('MADEINBANGLADESHRN54457'))?.country).toBe('Bangladesh');
    expect(countryOf(read('MADE IN CHINA', 'MADE IN TURKEY'))).toBeNull();
    expect(registrationOf(read('RN 54457'))?.number).toBe('RN 54457');
    expect(registrationOf(read('CA# 17897'))?.number).toBe('CA 17897');
    expect(registrationOf(read('RN 123'))).toBeNull();
  });
});

describe('the facts of a photo and of an item', () => {
  it('fills a fact only when read surely enough', () => {
    const facts = labelFactsOf(
      [
        { text: 'ZARA', confidence: 0.98 },
        { text: 'SIZE M', confidence: 0.4 },
      ],
      { brands, home: 'UK' },
    );
    expect(facts.brand).toMatchObject({ value: 'Zara', text: 'ZARA' });
    expect(facts.size).toBeUndefined();
  });

  it('takes each fact from the photo that read it most surely, and none that two photos read differently', () => {
    const item = combinePhotoFacts([
      { brand: { value: "Levi's", confidence: 0.8, text: 'LEVIS' } },
      { brand: { value: "Levi's", confidence: 0.95, text: "LEVI'S" }, size: { value: 'W32 L32', confidence: 0.9, text: 'W32 L32' } },
      { size: { value: 'W32 L30', confidence: 0.9, text: 'W32 L30' } },
    ]);
    expect(item.brand).toEqual({ value: "Levi's", confidence: 0.95, text: "LEVI'S", photo: 1 });
    expect(item.size).toBeUndefined();
  });

  it('makes look-alikes digits only inside numbers', () => {
    expect(fixDigits('1OO% COTTON')).toBe('100% COTTON');
    expect(fixDigits('W3O L32')).toBe('W30 L32');
    expect(fixDigits('SOIE 5%')).toBe('SOIE 5%');
    expect(fixDigits('OLD SCHOOL')).toBe('OLD SCHOOL');
  });
});

describe('labels read out of order or with look-alikes in words', () => {
  it('takes the percentages read before the shell was named where they make it whole', () => {
    expect(compositionOf(read('40%ACRYLIC/ACRYLIQUE SHELL:60%POLYAMIDE', 'LINING:100%COTTON'))?.composition).toBe(
      '60% Polyamide, 40% Acrylic',
    );
  });

  it('keeps a fibre whose letters were read as digits a word', () => {
    expect(fixDigits('70%W00L')).toBe('70%W00L');
    expect(compositionOf(read('70%W00L', '30% SILK'))?.composition).toBe('70% Wool, 30% Silk');
    expect(compositionOf(read('SHELL:8O% WO0L 2O% NYLON', 'LINING:1OO% POLYESTER'))?.composition).toBe('80% Wool, 20% Nylon');
    expect(sizeOf(read('UK I2'), 'UK')?.size).toBe('UK 12');
  });
});

describe('the barcode on a tag', () => {
  it('gives the product identifier the marketplaces take, its check digit right', () => {
    expect(productCodeOf([{ format: 'EAN13', text: '5012345678900' }])).toMatchObject({ kind: 'EAN', code: '5012345678900' });
    expect(productCodeOf([{ format: 'EAN13', text: '9780306406157' }])).toMatchObject({ kind: 'ISBN', code: '9780306406157' });
    expect(productCodeOf([{ format: 'UPCA', text: '036000291452' }])).toMatchObject({ kind: 'UPC', code: '036000291452' });
    expect(productCodeOf([{ format: 'EAN13', text: '0036000291452' }])).toMatchObject({ kind: 'UPC', code: '036000291452' });
    expect(productCodeOf([{ format: 'UPCE', text: '04252614' }])).toMatchObject({ kind: 'UPC', code: '042100005264' });
    expect(productCodeOf([{ format: 'QRCode', text: 'https://id.gs1.org/01/05012345678900' }])).toMatchObject({
      kind: 'EAN',
      code: '5012345678900',
    });
  });

  it('gives none for a wrong check digit, a QR code of anything else, or two products', () => {
    expect(productCodeOf([{ format: 'EAN13', text: '5012345678901' }])).toBeNull();
    expect(productCodeOf([{ format: 'QRCode', text: 'https://example.com/care' }])).toBeNull();
    expect(
      productCodeOf([
        { format: 'EAN13', text: '5012345678900' },
        { format: 'UPCA', text: '036000291452' },
      ]),
    ).toBeNull();
    expect(gtinValid('4006381333931')).toBe(true);
    expect(upcEToA('04252613')).toBeNull();
  });

  it('is a fact of the photo, as its kind and digits', () => {
    expect(labelFactsOf([], { brands, home: 'UK' }, [{ format: 'EAN13', text: '5012345678900' }]).productCode).toMatchObject({
      value: 'EAN 5012345678900',
      text: 'EAN13 5012345678900',
    });
  });
});

describe('where on the photo a fact was read (decision 171)', () => {
  const line = (text: string, y: number) => ({ text, confidence: 0.97, box: { x: 0.2, y, width: 0.5, height: 0.1 } });
  it("keeps the box of the line a fact came from, and the box around a composition's lines", () => {
    const facts = labelFactsOf([line("LEVI'S", 0.1), line('W32 L32', 0.3), line('60% COTTON', 0.5), line('40% POLYESTER', 0.6)], {
      brands,
      home: 'US',
    });
    expect(facts.brand?.box).toEqual({ x: 0.2, y: 0.1, width: 0.5, height: 0.1 });
    expect(facts.size?.box).toEqual({ x: 0.2, y: 0.3, width: 0.5, height: 0.1 });
    expect(facts.composition?.box?.y).toBeCloseTo(0.5);
    expect(facts.composition?.box?.height).toBeCloseTo(0.2);
  });

  it('gives no box where the OCR gave none', () => {
    expect(labelFactsOf(read("LEVI'S"), { brands, home: 'US' }).brand?.box).toBeUndefined();
  });
});
