import type { Evidence, ListingDraft } from '@shared/domain/listing';
import { labelEvidence, readLabels } from './basic-generator';
import type { ListingGenerator, ListingRequest } from './listing-generator';
import type { LabelReader, LabelReading } from './label-reading/read-labels';
import { skeleton } from './label-reading/label-text';

/**
 * A cloud AI's draft checked against the labels read offline (decision 171): the photos' tags are read beside the AI's
 * call, and for the brand and the size (where the seller typed none) the label's reading and the AI's answer are
 * compared. Agreeing, the value stands with the label's line as its evidence (its crop); the AI said nothing, the
 * label fills it; disagreeing, neither is filled: the seller picks, shown both ("Label says Levi's; the AI says Lee").
 */

/** The facts compared: those a label says plainly, and a wrong one of which goes live. */
const CHECKED = ['brand', 'size'] as const;
type Checked = (typeof CHECKED)[number];

/** "Label says Levi's; the AI says Lee." */
export const disagreementNote = (label: string, ai: string) => `Label says ${label}; the AI says ${ai}`;

/** Two values the same but for case, spacing, accents and punctuation ("LEVI'S" and "Levi’s"; "W32 L32" and "W32/L32"). */
const same = (a: string, b: string) => skeleton(a) === skeleton(b);

/** The draft with its brand and size checked against what the labels read; the seller's own values are not touched. */
export function checkedAgainstLabels(draft: ListingDraft, labels: LabelReading['facts'] | null, request: ListingRequest): ListingDraft {
  if (!labels) return draft;
  const seller: Record<Checked, string | null | undefined> = { brand: request.brand, size: request.facts?.size };
  const extracted = { ...draft.extracted };
  const evidence = { ...draft.evidence };
  const specifics = { ...draft.itemSpecifics };
  for (const fact of CHECKED) {
    const label = labels[fact];
    if (!label || seller[fact]?.trim()) continue;
    const ai = extracted[fact];
    if (!ai || same(ai, label.value)) {
      extracted[fact] = ai ?? label.value;
      evidence[fact] = labelEvidence(label);
      if (fact === 'brand') specifics.Brand = extracted.brand!;
    } else {
      // Neither is filled: the review asks it, with both shown for the seller to pick.
      extracted[fact] = null;
      if (fact === 'brand') delete specifics.Brand;
      if (fact === 'size' && specifics.Size && same(specifics.Size, ai)) delete specifics.Size;
      const read: Evidence = labelEvidence(label);
      evidence[fact] = { ...read, note: disagreementNote(label.value, ai), disagreement: { label: label.value, ai } };
    }
  }
  return { ...draft, extracted, evidence, itemSpecifics: specifics };
}

/** The cloud generator, its drafts checked against the labels its photos' tags say (read while the AI writes). */
export function withLabelCheck(cloud: ListingGenerator, reader: LabelReader): ListingGenerator {
  return {
    provider: cloud.provider,
    rateLimitKey: cloud.rateLimitKey,
    async generate(request, options) {
      // A reader that fails costs the check, never the listing.
      const [draft, reading] = await Promise.all([cloud.generate(request, options), readLabels(request, reader).catch(() => null)]);
      return checkedAgainstLabels(draft, reading?.facts ?? null, request);
    },
    async close() {
      await cloud.close?.();
      await reader.close();
    },
  };
}
