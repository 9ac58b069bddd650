/**
 * A tag's barcode as the product identifier the marketplaces take (eBay's product `upc`, `ean`, `isbn`): a UPC-A (12
 * digits; a UPC-E widened to it), an EAN-13 (an ISBN where it starts 978 or 979), an EAN-8; a QR code only where it
 * is a GS1 Digital Link carrying the product's GTIN. The check digit must be right; two different products on one
 * item's tags are no answer.
 */

export type ProductCodeKind = 'UPC' | 'EAN' | 'ISBN';

export interface ProductCode {
  kind: ProductCodeKind;
  /** The digits, as the marketplaces take them. */
  code: string;
  /** What was read: 'EAN13 5012345678900'. */
  text: string;
}

/** Whether the GTIN's last digit is its check digit (GS1's mod-10, weights 3 and 1 from the right). */
export function gtinValid(digits: string): boolean {
  if (!/^\d{8}$|^\d{12,14}$/.test(digits)) return false;
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

/** A UPC-E (8 digits: number system, six, check) widened to its UPC-A, or null. */
export function upcEToA(upcE: string): string | null {
  if (!/^[01]\d{7}$/.test(upcE)) return null;
  const [system, d1, d2, d3, d4, d5, d6, check] = [...upcE];
  const middle =
    d6 === '0' || d6 === '1' || d6 === '2'
      ? `${d1}${d2}${d6}0000${d3}${d4}${d5}`
      : d6 === '3'
        ? `${d1}${d2}${d3}00000${d4}${d5}`
        : d6 === '4'
          ? `${d1}${d2}${d3}${d4}00000${d5}`
          : `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  const upcA = `${system}${middle}${check}`;
  return gtinValid(upcA) ? upcA : null;
}

/** A 14-digit GTIN as the shortest of EAN-13 / UPC-A it stands for. */
function fromGtin14(gtin: string): { kind: ProductCodeKind; code: string } | null {
  if (!gtinValid(gtin) || !gtin.startsWith('0')) return null;
  const ean = gtin.slice(1);
  if (ean.startsWith('0')) return { kind: 'UPC', code: ean.slice(1) };
  return { kind: /^97[89]/.test(ean) ? 'ISBN' : 'EAN', code: ean };
}

function codeOf(format: string, text: string): { kind: ProductCodeKind; code: string } | null {
  const digits = text.trim();
  switch (format.replace(/[^A-Za-z0-9]/g, '').toUpperCase()) {
    case 'UPCA':
      return gtinValid(digits) && digits.length === 12 ? { kind: 'UPC', code: digits } : null;
    case 'UPCE': {
      const upcA = upcEToA(digits);
      return upcA ? { kind: 'UPC', code: upcA } : null;
    }
    case 'EAN13':
      if (!gtinValid(digits) || digits.length !== 13) return null;
      // An EAN-13 that starts with 0 is a UPC-A with a leading zero.
      if (digits.startsWith('0')) return { kind: 'UPC', code: digits.slice(1) };
      return { kind: /^97[89]/.test(digits) ? 'ISBN' : 'EAN', code: digits };
    case 'EAN8':
      return gtinValid(digits) && digits.length === 8 ? { kind: 'EAN', code: digits } : null;
    case 'QRCODE': {
      // GS1 Digital Link: https://id.gs1.org/01/05012345678900 (any host), the GTIN after /01/.
      const link = /^https?:\/\/[^/\s]+(?:\/[^\s]*)?\/01\/(\d{14})(?:[/?#]|$)/.exec(digits);
      return link ? fromGtin14(link[1]!) : null;
    }
    default:
      return null;
  }
}

/** The product identifier the barcodes give, or null (none, or two different products). */
export function productCodeOf(barcodes: readonly { format: string; text: string }[]): ProductCode | null {
  const found = new Map<string, ProductCode>();
  for (const barcode of barcodes) {
    const code = codeOf(barcode.format, barcode.text);
    if (code && !found.has(code.code)) found.set(code.code, { ...code, text: `${barcode.format} ${barcode.text}`.trim() });
  }
  return found.size === 1 ? [...found.values()][0]! : null;
}
