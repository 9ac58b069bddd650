import type { ListingItem } from '@shared/contracts/listings';
import { ReadEvidenceImages } from '@/entities/items/read-evidence-images';

type Evidence = NonNullable<ListingItem['aiEvidence']>[string];

/** Where an attribute came from: the photo it was read from (so the seller can check it), the seller, or "inferred". */
export function EvidenceChip({ evidence }: { evidence?: Evidence }) {
  if (!evidence) return <span className="text-xs text-slate-500">no evidence given</span>;
  if (evidence.source === 'seller') {
    return (
      <span className="inline-block max-w-full rounded-md bg-emerald-50 px-1.5 py-0.5 text-xs font-semibold leading-snug text-emerald-800 ring-1 ring-inset ring-emerald-200">
        Entered by you
      </span>
    );
  }
  const fromPhoto = evidence.source === 'photo' && evidence.photo !== undefined;
  const chip = (
    <span
      className={
        fromPhoto
          ? 'inline-block max-w-full rounded-md bg-sky-50 px-1.5 py-0.5 text-xs leading-snug text-sky-800 ring-1 ring-inset ring-sky-200'
          : 'inline-block max-w-full rounded-md bg-amber-50 px-1.5 py-0.5 text-xs leading-snug text-amber-800 ring-1 ring-inset ring-amber-200'
      }
      title={evidence.note}
    >
      <span className="font-semibold">{fromPhoto ? `Photo ${evidence.photo! + 1}` : 'Inferred'}</span>
      {evidence.note ? ` · ${evidence.note}` : ''}
    </span>
  );
  if (!fromPhoto || (!evidence.cropUrl && !evidence.swatch)) return chip;
  // What was read, as it looks on the photo (decision 171): the label's line cut out, or the colour's swatch and photo.
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-1.5">
      <ReadEvidenceImages
        swatch={evidence.swatch}
        cropUrl={evidence.cropUrl}
        cropAlt={evidence.swatch ? 'The garment its colour was read from' : 'The label as read'}
        size="sm"
      />
      {chip}
    </span>
  );
}
