import { readSizeLabel } from '../domain/size-label';
import { depopSizeSetOf } from './depop-taxonomy';

/**
 * Depop's size as the review form asks it, where no fixed rule places the item's own (an EU shoe size: Depop's shoe
 * sizes are UK sizes and the conversion depends on the brand): one of the size set's labels, saved as the item's
 * Depop answer (PUT .../listings/depop/fields), not as the item's size.
 */
export const depopSizeQuestion = { name: 'Size on Depop' } as const;

/** UK shoe sizes are US less 1 (men's) or less 2 (women's); EU ones depend on the brand, so they are never converted. */
const ukFromUs = (us: number, department: string | null | undefined) => us - (/^wom/i.test(department ?? '') ? 2 : 1);

/**
 * The item's own size ("W32 L32", "32x32", "M", "UK 9") in the size set Depop sizes its product type by, or null
 * where no fixed rule places it (an EU shoe size, a bare shoe number, a letter on jeans): the seller chooses it then.
 * Jeans and trousers go by the waist, the inseam staying in the description; tops by letters; shoes by UK sizes.
 */
export function depopSizeFromItem(
  productType: string,
  size: string | null | undefined,
  department?: string | null,
): { sizeSetId: number; sizeId: number } | null {
  const set = depopSizeSetOf(productType);
  const label = size?.trim();
  if (!set || !label) return null;
  const { read } = readSizeLabel(label);
  if (!read) return null;
  let wanted: string | null = null;
  if (set.id === 60) {
    if (read.kind === 'waistInseam') wanted = `W${read.waist}`;
    else if (read.kind === 'number' && read.system !== 'UK' && read.system !== 'EU' && read.value >= 24) wanted = `W${read.value}`;
  } else if (set.id === 52) {
    if (read.kind === 'letter') wanted = read.letter;
    else if (read.kind === 'oneSize') wanted = 'One size';
  } else if (set.id === 70 && read.kind === 'number') {
    if (read.system === 'UK') wanted = `UK ${read.value}`;
    else if (read.system === 'US') wanted = `UK ${ukFromUs(read.value, department)}`;
  }
  const found = wanted ? set.sizes.find((s) => s.label.toLowerCase() === wanted.toLowerCase()) : undefined;
  return found ? { sizeSetId: set.id, sizeId: found.id } : null;
}
