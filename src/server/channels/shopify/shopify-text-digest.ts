import { createHash } from 'node:crypto';

/**
 * The digest of a product's text as the app sends it to Shopify (title, description, tags): kept with the listing
 * when sent, so a revise knows whether the text changed since (bench/selling-plan-week.ts: every price drop also sent the
 * product's unchanged text, 13 of its 30 points).
 */
export function shopifyTextDigest(text: { title?: string; descriptionHtml?: string; tags: readonly string[] }): string {
  return createHash('sha256')
    .update(JSON.stringify([text.title ?? null, text.descriptionHtml ?? null, text.tags]))
    .digest('base64url')
    .slice(0, 22);
}
