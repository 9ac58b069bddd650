import { cn } from '@/lib/cn';

/** The two sizes the evidence is shown at: beside a fact in the autopilot's review ('md'), beside a chip ('sm'). */
const sizes = {
  md: { swatch: 'size-8 rounded-md', crop: 'h-10 rounded-md' },
  sm: { swatch: 'size-6 shrink-0 rounded', crop: 'h-9 shrink-0 rounded' },
} as const;

/**
 * What a value was read from, as it looks on the photo (decision 171): the colour's swatch, and the label's line (or
 * the garment) cut out of the photo, for the seller to check. Nothing of what was not kept; the caller lays them out.
 */
export function ReadEvidenceImages({
  swatch,
  cropUrl,
  cropAlt,
  size,
}: {
  swatch?: string;
  cropUrl?: string;
  /** What the crop shows, read out in its place. */
  cropAlt: string;
  size: keyof typeof sizes;
}) {
  return (
    <>
      {swatch && (
        <span
          className={cn(sizes[size].swatch, 'ring-1 ring-inset ring-black/15')}
          style={{ backgroundColor: swatch }}
          data-testid="evidence-swatch"
          title={swatch}
        />
      )}
      {cropUrl && (
        <img
          src={cropUrl}
          alt={cropAlt}
          className={cn(sizes[size].crop, 'max-w-32 bg-white object-contain ring-1 ring-inset ring-slate-200')}
          data-testid="evidence-crop"
          loading="lazy"
        />
      )}
    </>
  );
}
