import type { Storage } from '../adapters/storage/storage';

/** Evidence as stored on the item (`ai_evidence`): the crop as its storage key. */
export interface StoredEvidence {
  source: 'photo' | 'inferred' | 'seller';
  photo?: number;
  note?: string;
  crop?: string;
  swatch?: string;
  share?: number;
  disagreement?: { label: string; ai: string };
}

/** Evidence as the seller's screens get it: the crop as a signed URL of the seller's own file (decision 171). */
export type EvidenceView = Omit<StoredEvidence, 'crop'> & { cropUrl?: string };

/** One piece of evidence for the browser: the crop's key signed as a URL (it never leaves the server as a key). */
export async function evidenceView(evidence: StoredEvidence, storage: Storage | undefined): Promise<EvidenceView> {
  const { crop, ...rest } = evidence;
  if (!crop || !storage) return rest;
  return { ...rest, cropUrl: await storage.signedUrl(crop) };
}

/** Every attribute's evidence, viewed. */
export async function evidenceViews(
  evidence: Record<string, StoredEvidence> | null,
  storage: Storage | undefined,
): Promise<Record<string, EvidenceView> | null> {
  if (!evidence) return null;
  const entries = await Promise.all(Object.entries(evidence).map(async ([key, e]) => [key, await evidenceView(e, storage)] as const));
  return Object.fromEntries(entries);
}
