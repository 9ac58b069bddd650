import type { ListedItem } from '@shared/contracts/items';
import type { ReadinessResponse } from '@shared/contracts/publish';
import { departmentOf } from '@shared/domain/catalog';
import { ebayLeafById, ebayLeafOf } from '@shared/domain/ebay-categories';
import type { CategoryOption } from './publish-settings-form';
import { ebayCategoryOf } from '../listing';

/** The name of a category the app knows by its id (the category table), for an item whose category came without one. */
const knownNameOf = (id: string) => ebayLeafById(id)?.name;

const stepsOf = (name: string | null | undefined) =>
  (name ?? '')
    .split('>')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * eBay's category path shortened to its department's step and its leaf ("Men's Clothing > Polos" for "... > Men's
 * Clothing > Shirts > Polos"), else to its last two steps: it fits a phone's field and still says whose it is.
 */
const labelOf = (id: string, name: string | null | undefined) => {
  const steps = stepsOf(name || knownNameOf(id));
  if (!steps.length) return `eBay category ${id}`;
  const department = steps.findLast((s) => /^(Men|Women)'s\b/.test(s));
  const leaf = steps.at(-1)!;
  return department && department !== leaf ? `${department} > ${leaf}` : steps.slice(-2).join(' > ');
};

/** The department an eBay category path is in ("... > Men > Men's Clothing > ..."), or null. */
const departmentOfPath = (name: string | null | undefined) => {
  const steps = stepsOf(name);
  if (steps.some((s) => /^Women\b|^Women's\b/.test(s))) return 'Women';
  if (steps.some((s) => /^Men\b|^Men's\b/.test(s))) return 'Men';
  return null;
};

/**
 * The eBay categories Publish Settings offers by name: the item's own, the default for its category (decision
 * 066), and eBay's suggestions for its title, category and brand; those of the item's department first (a men's
 * polo is not offered Women's Tops first, which eBay then refuses for Department "Men").
 */
export function categoryOptionsFor(item: ListedItem, readiness: ReadinessResponse | undefined): CategoryOption[] {
  const found: { id: string; name: string | null | undefined }[] = [];
  const add = (id: string | null | undefined, name: string | null | undefined) => {
    const key = id?.trim();
    if (!key) return;
    const known = found.find((o) => o.id === key);
    // A later source's name replaces a bare code (the item's category stored without its name).
    if (!known) found.push({ id: key, name });
    else if (name && !known.name) known.name = name;
  };
  const ebay = ebayCategoryOf(item);
  add(ebay.categoryId, ebay.categoryName);
  const hint = ebayLeafOf(item.category, item.extractedDepartment);
  add(hint?.id, hint?.name);
  for (const s of readiness?.preflight.categorySuggestions ?? []) add(s.id, [s.path, s.name].filter(Boolean).join(' > '));
  const department = departmentOf(item.category) ?? departmentOfText(item.extractedDepartment);
  const fits = (name: string | null | undefined) => (department && departmentOfPath(name) === department ? 0 : 1);
  return found
    .map((o, i) => ({ ...o, i }))
    .sort((a, b) => fits(a.name) - fits(b.name) || a.i - b.i)
    .map((o) => ({ id: o.id, label: labelOf(o.id, o.name) }));
}

/** "Men", "mens", "Women's": the department a seller's or the photos' text names. */
function departmentOfText(text: string | null | undefined): 'Men' | 'Women' | null {
  const t = (text ?? '').trim().toLowerCase();
  if (/^wom[ae]n/.test(t)) return 'Women';
  if (/^m[ae]n/.test(t)) return 'Men';
  return null;
}

/** The hint under a typed category id: the eBay category its category is listed in by default (decision 066). */
export function categoryHintFor(item: Pick<ListedItem, 'category' | 'extractedDepartment'>): string | undefined {
  const hint = ebayLeafOf(item.category, item.extractedDepartment);
  if (!hint) return 'Find it with Quick Fix, or on eBay';
  return `${hint.id} ${labelOf(hint.id, hint.name)}`;
}
