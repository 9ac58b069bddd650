import type { ListingDraft } from '@shared/domain/listing';
import { listingMessages } from '@shared/domain/listing';

export type AiProviderName = 'basic' | 'openai' | 'anthropic';

export interface ListingPhoto {
  /** The display image (max 1920 px), as stored. */
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
}

/** What the AI is given for one item: what the seller said and the photos, in the item's order (max 12). */
export interface ListingRequest {
  sku: string;
  category: string | null;
  condition: string | null;
  brand: string | null;
  /** The department the seller gave (Men, Women) where the category names none (Shoes, Accessories). */
  department?: string | null;
  /** What else the seller set by hand (Publish Settings, Quick Fix, an inline edit): facts the listing must not contradict. */
  facts?: SellerFacts;
  /**
   * What the suggested price is in (the item's currency, the seller's) and the eBay site it is priced for
   * ("eBay UK"); absent: US dollars on eBay US, as before.
   */
  pricing?: { currency: string; marketplace: string };
  /** The seller's country (ISO 3166-1): whose English the offline draft writes, "Color" or "Colour"; absent: the US's. */
  country?: string;
  /** The brands on the seller's items, as they spell them: a label naming one is that brand's (decision 165). */
  sellerBrands?: string[];
  /** The size system the seller's buyers read a bare size in: which of several sizes on a tag is theirs. */
  sizeSystem?: 'US' | 'UK' | 'EU';
  photos: ListingPhoto[];
}

/** The item's attributes the seller typed themselves; null where they said nothing. */
export interface SellerFacts {
  size: string | null;
  sizeType: string | null;
  color: string | null;
  material: string | null;
  style: string | null;
  fit: string | null;
}

/** What a provider's rate-limit headers said, normalised. All durations in milliseconds from "now". */
export interface RateLimitInfo {
  /** Requests allowed per minute. */
  limitPerMinute?: number;
  remaining?: number;
  /** Until the request allowance is fully replenished. */
  resetMs?: number;
  /** Retry-After (429 answers). */
  retryAfterMs?: number;
}

export interface GenerateOptions {
  signal?: AbortSignal;
  /** Called with every answer's rate-limit headers, success or failure; feeds the shared limiter. */
  onRateLimitInfo?: (info: RateLimitInfo) => void;
}

/** The one door to an AI that writes listings. */
export interface ListingGenerator {
  readonly provider: AiProviderName;
  /** Key of the shared rate limiter (provider + endpoint); null when the provider needs none (basic). */
  readonly rateLimitKey: string | null;
  generate(request: ListingRequest, options?: GenerateOptions): Promise<ListingDraft>;
  /** Stops what it started (the label reader's process); a later generate starts it again. */
  close?(): Promise<void>;
}

/** A generation failure whose message can be shown to the seller as is. */
export class GenerationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GenerationError';
  }
}

/** The provider answered 429; retryAfterSeconds is what it asked for (null when it did not say). */
export class RateLimitError extends GenerationError {
  readonly retryAfterSeconds: number | null;

  constructor(retryAfterSeconds: number | null, detail?: string) {
    super(`Rate limit exceeded${detail ? `: ${detail}` : ''}`);
    this.name = 'RateLimitError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The per-request time-out (150 s) passed. */
export class GenerationTimeoutError extends GenerationError {
  constructor() {
    super(listingMessages.timedOut);
    this.name = 'GenerationTimeoutError';
  }
}

/** The provider answered, but not with a listing that passes the schema. */
export class InvalidListingError extends GenerationError {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidListingError';
  }
}

/** Any other provider failure (HTTP error, connection refused, refusal). */
export class ProviderError extends GenerationError {
  readonly status: number | null;

  constructor(message: string, status: number | null = null, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderError';
    this.status = status;
  }
}
