import { EbayApiError } from '../api/ebay-api-error';
import type { PreflightField } from './preflight';

export type PublishErrorField = PreflightField | 'price' | 'policies' | 'location' | 'connection' | null;

export interface PublishFailure {
  field: PublishErrorField;
  /** In words the seller can act on: what to fix, then eBay's own words. */
  message: string;
}

/** The error ids of ebay.md, each mapped to what the seller fixes. */
const FIELD_BY_ERROR_ID: Record<number, PublishErrorField> = {
  25005: 'category',
  25021: 'condition',
  25007: 'policies',
  25008: 'policies',
  25009: 'policies',
  25012: 'location',
  25014: 'images',
  25015: 'images',
};

const HINT_BY_FIELD: Partial<Record<NonNullable<PublishErrorField>, string>> = {
  category: 'Choose a more specific eBay category.',
  condition: 'Choose a condition this category allows.',
  policies: 'Check your business policies on the eBay Integration screen.',
  location: 'Check your default location on the eBay Integration screen.',
  images: 'Check the photos (1 to 24).',
  price: 'Enter a price above 0.',
};

/** eBay's own sentence without its "A user error has occurred." preamble. */
function ebayWords(error: EbayApiError): string {
  const text =
    (error.longMessage && error.longMessage.length > error.message.length ? error.longMessage : error.message) ||
    'eBay refused the listing';
  return text.replace(/^A user error has occurred\.\s*/i, '').trim();
}

/** 25002 is eBay's catch-all: the parameters or the sentence say which field. */
function catchAllField(error: EbayApiError, words: string): PublishErrorField {
  if (/item specific/i.test(words)) return 'aspects';
  if (/country|location/i.test(words)) return 'location';
  if (/price/i.test(words)) return 'price';
  if (/title/i.test(words)) return 'title';
  if (/category/i.test(words)) return 'category';
  return error.parameters.some((p) => /^[A-Z]/.test(p.value)) ? 'aspects' : null;
}

/** What a failed publish tells the seller, from eBay's error or any other failure. */
export function publishFailureOf(error: unknown): PublishFailure {
  if (!(error instanceof EbayApiError)) {
    return { field: null, message: error instanceof Error && error.message ? error.message : 'Publishing failed' };
  }
  if (error.oauthError === 'invalid_grant' || error.httpStatus === 401) {
    return { field: 'connection', message: 'eBay access token expired - please reconnect your account' };
  }
  const words = ebayWords(error);
  const field = FIELD_BY_ERROR_ID[error.errorId] ?? (error.has(25002) || error.has(25029) ? catchAllField(error, words) : null);
  if (field === 'aspects') {
    const aspect =
      /item specific ([\w &'/-]+?) is missing/i.exec(words)?.[1] ?? error.parameters.find((p) => /^[A-Z]/.test(p.value))?.value;
    return { field, message: aspect ? `Add ${aspect} in Quick Fix. eBay: ${words}` : `Add the missing item specifics. eBay: ${words}` };
  }
  const hint = field ? HINT_BY_FIELD[field] : undefined;
  return { field, message: hint ? `${hint} eBay: ${words}` : `eBay: ${words}` };
}
