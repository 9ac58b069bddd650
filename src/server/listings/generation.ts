import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@shared/errors';
import { GENERATION_LIMITS, listingMessages, type ListingDraft } from '@shared/domain/listing';
import {
  GenerationError,
  RateLimitError,
  type ListingGenerator,
  type ListingRequest,
  type RateLimitInfo,
  type SellerFacts,
} from '../adapters/ai/listing-generator';
import { contentTypeOfKey, type Storage } from '../adapters/storage/storage';
import type { Db } from '../db/client';
import { completeJob, failJob, retryJob, type ClaimedJob } from '../jobs/queue';
import type { RateLimiters } from './provider-rate-limiter';
import type { JobContext } from '../jobs/registry';
import { listingBrandOf, listingInputsFingerprint } from '@shared/domain/listing-inputs';
import { writeListingReadiness } from './readiness-writer';
import * as repo from './repo';
import { keepGeneratedListing } from '../channels/generated-listing';
import { draftWithSellerSize } from './title-size';
import { draftInTableCategory } from './table-category';
import { sellerMarketplaceOf } from '../channels/seller-marketplace';
import { sizeSystemOfCountry } from '@shared/domain/size-label';
import { withEvidenceCrops } from './evidence-crops';

type GenerationJob = ClaimedJob<'generate-listing'>;

export interface ListingGenerationDeps {
  db: Db;
  storage: Storage;
  generator: ListingGenerator;
  limiters: RateLimiters;
  log: FastifyBaseLogger;
}

/** The attributes the seller set by hand: facts the listing is written from (an earlier draft's guesses are not). */
function sellerFactsOf(subject: repo.GenerationSubject): SellerFacts {
  const own = (field: string, value: string | null) => (subject.sellerFields.includes(field) ? value : null);
  return {
    size: own('size', subject.extractedSize),
    sizeType: own('sizeType', subject.extractedSizeType),
    color: own('color', subject.extractedColor),
    material: own('material', subject.extractedMaterial),
    style: own('style', subject.extractedStyle),
    fit: own('fit', subject.extractedFit),
  };
}

/** Crash recoveries and unexpected errors allowed on top of the agreed rate-limit retries. */
export const GENERATION_MAX_ATTEMPTS = GENERATION_LIMITS.rateLimitRetries + 1 + 3;

const NO_PHOTOS = 'Add at least one photo before generating a listing.';

/**
 * One generate-listing job: generating (error cleared) on start; completed with every AI field on
 * success; failed with the message on failure; pending with "Rate limit - retrying in {n}s..." on a 429 with
 * retries left (n = stated seconds + 2, default 60 + 2; at most 3 retries). Every write is fenced by the claim.
 */
export function createListingGeneration(deps: ListingGenerationDeps) {
  const { db, storage, generator, limiters, log } = deps;
  const limiter = generator.rateLimitKey ? limiters.for(generator.rateLimitKey) : null;

  async function loadRequest(
    job: GenerationJob,
    subject: repo.GenerationSubject,
  ): Promise<{ request: ListingRequest; marketplaceId: string }> {
    const keys = await repo.imageKeys(db, job.userId, subject.id);
    const marketplace = await sellerMarketplaceOf(db, job.userId);
    const sellerBrands = await repo.sellerBrands(db, job.userId);
    const photos = await Promise.all(
      keys
        .slice(0, GENERATION_LIMITS.maxImages)
        .map(async (key) => ({ bytes: await storage.get(key), contentType: contentTypeOfKey(key) })),
    );
    return {
      request: {
        sku: subject.sku,
        category: subject.category,
        condition: subject.condition,
        // A brand the seller typed for the listing (Publish Settings, Quick Fix) is one the AI writes with.
        brand: listingBrandOf(subject),
        facts: sellerFactsOf(subject),
        department: subject.sellerFields.includes('department') ? subject.extractedDepartment : null,
        // Priced in the item's currency for the seller's own eBay site: a UK seller's pounds, not dollars.
        pricing: { currency: subject.currency, marketplace: marketplace.name },
        country: marketplace.country,
        sellerBrands,
        sizeSystem: sizeSystemOfCountry(marketplace.country),
        photos,
      },
      marketplaceId: marketplace.marketplaceId,
    };
  }

  /** One request to the provider in its turn; what the answer's headers say (and a 429) reaches the limiter. */
  async function generatePaced(request: ListingRequest, signal: AbortSignal): Promise<ListingDraft> {
    if (!limiter) return generator.generate(request, { signal });
    await limiter.acquire(signal);
    if (signal.aborted) throw signal.reason;
    let answered: RateLimitInfo | undefined;
    try {
      return await generator.generate(request, { signal, onRateLimitInfo: (info) => (answered = info) });
    } catch (err) {
      if (err instanceof RateLimitError) await limiter.penalize(err.retryAfterSeconds);
      throw err;
    } finally {
      if (answered) await limiter.observe(answered);
    }
  }

  async function fail(job: GenerationJob, message: string) {
    await db.transaction(async (tx) => {
      if (await failJob(tx, job, message)) await repo.markGenerationState(tx, job.userId, job.itemId, { status: 'failed', error: message });
    });
  }

  async function rateLimited(job: GenerationJob, err: RateLimitError, ctx: JobContext) {
    const retries = job.payload.rateLimitRetries ?? 0;
    if (retries >= GENERATION_LIMITS.rateLimitRetries) {
      await fail(job, `Rate limit exceeded after ${GENERATION_LIMITS.rateLimitRetries} retries. Please try again later.`);
      return;
    }
    const waitSeconds = (err.retryAfterSeconds ?? GENERATION_LIMITS.defaultRateLimitWaitSeconds) + GENERATION_LIMITS.rateLimitExtraSeconds;
    const message = listingMessages.rateLimitRetrying(waitSeconds);
    await db.transaction(async (tx) => {
      const kept = await retryJob(tx, job, {
        runAfterMs: ctx.clock.now() + waitSeconds * 1000,
        lastError: err.message,
        payload: { ...job.payload, rateLimitRetries: retries + 1 },
      });
      if (kept) await repo.markGenerationState(tx, job.userId, job.itemId, { status: 'pending', error: message });
    });
  }

  async function complete(job: GenerationJob, subject: repo.GenerationSubject, draft: ListingDraft) {
    await db.transaction(async (tx) => {
      // The claim is checked and released in the same transaction as the write: a worker that lost its lease writes nothing.
      if (!(await completeJob(tx, job))) return;
      const written = await repo.writeGeneratedListing(tx, job.userId, subject.id, {
        draft,
        provider: generator.provider,
        inputsFingerprint: listingInputsFingerprint(subject),
      });
      // Each channel keeps what it needs of it in its own listing (eBay: its category and grade).
      if (written) await keepGeneratedListing(tx, job.userId, subject.id, written);
      await writeListingReadiness(tx, job.userId, [subject.id]);
    });
  }

  async function run(job: GenerationJob, ctx: JobContext): Promise<void> {
    const subject = await repo.markGenerating(db, job);
    if (!subject) return; // item deleted or its listing reset meanwhile: nothing to do (the worker completes the job)
    let loaded: Awaited<ReturnType<typeof loadRequest>>;
    try {
      loaded = await loadRequest(job, subject);
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND')
        return fail(job, 'A photo of this item could not be read. Please upload it again.');
      throw err; // storage unavailable: retried with back-off
    }
    const { request } = loaded;
    if (request.photos.length === 0 && generator.provider !== 'basic') return fail(job, NO_PHOTOS);
    let draft: ListingDraft;
    try {
      draft = await generatePaced(request, ctx.signal);
    } catch (err) {
      if (ctx.signal.aborted) throw err; // lease lost or shutting down: another worker takes over
      if (err instanceof RateLimitError) {
        ctx.log.warn({ retryAfterSeconds: err.retryAfterSeconds }, 'AI provider rate limit');
        return rateLimited(job, err, ctx);
      }
      if (err instanceof GenerationError) {
        ctx.log.warn({ err: err.message }, 'listing generation failed');
        return fail(job, err.message);
      }
      throw err;
    }
    if (ctx.signal.aborted) throw ctx.signal.reason;
    const written = draftInTableCategory(draftWithSellerSize(draft, request.facts), request, loaded.marketplaceId);
    // Where a fact was read on a photo, its crop is kept beside the photos for the seller to check it by.
    await complete(job, subject, await withEvidenceCrops(storage, { userId: job.userId, itemId: subject.id }, written, request.photos));
  }

  /** When the queue gives up (repeated crashes or unexpected errors), the item shows it instead of "generating". */
  async function giveUp(job: GenerationJob, reason: string) {
    log.error({ jobId: job.id, itemId: job.itemId, reason }, 'listing generation given up');
    await repo.markGenerationState(
      db,
      job.userId,
      job.itemId,
      { status: 'failed', error: listingMessages.interrupted },
      'generating-or-pending',
    );
  }

  return { run, giveUp };
}
export type ListingGeneration = ReturnType<typeof createListingGeneration>;
