import type { ListedItem } from '@shared/contracts/items';
import type { ReadinessResponse } from '@shared/contracts/publish';
import { HINT_EBAY_CATEGORIES } from '@shared/domain/catalog';
import type { CategoryOption } from './publish-settings-form';

const hints = HINT_EBAY_CATEGORIES as Record<string, { id: string; name: string } | undefined>;

/** The name of a category the app knows by its id (the spec's hints), for an item whose category came without one. */
const knownNameOf = (id: string) => Object.values(hints).find((hint) => hint?.id === id)?.name;

/** eBay's category path shortened to its last two steps ("Men's Clothing > Jeans"): it fits a phone's field. */
const labelOf = (id: string, name: string | null | undefined) => {
  const steps = (name || knownNameOf(id) || '')
    .split('>')
    .map((s) => s.trim())
    .filter(Boolean);
  return steps.length ? steps.slice(-2).join(' > ') : `eBay category ${id}`;
};

/**
 * The eBay categories Publish Settings offers by name: the item's own, the spec's hint for its category (jeans
 * only), and eBay's suggestions for its title, category and brand.
 */
export function categoryOptionsFor(item: ListedItem, readiness: ReadinessResponse | undefined): CategoryOption[] {
  const options: CategoryOption[] = [];
  const add = (id: string | null | undefined, name: string | null | undefined) => {
    const key = id?.trim();
    if (!key) return;
    const known = options.find((o) => o.id === key);
    // A later source's name replaces a bare code (the item's category stored without its name).
    if (!known) options.push({ id: key, label: labelOf(key, name) });
    else if (name && known.label === labelOf(key, null)) known.label = labelOf(key, name);
  };
  add(item.ebayCategoryId, item.ebayCategoryName);
  const hint = item.category ? hints[item.category] : undefined;
  add(hint?.id, hint?.name);
  for (const s of readiness?.ebay.categorySuggestions ?? []) add(s.id, [s.path, s.name].filter(Boolean).join(' > '));
  return options;
}

/** The hint under a typed category id: the spec's id (11483 men's jeans, 11554 women's jeans) only for jeans. */
export function categoryHintFor(item: Pick<ListedItem, 'category'>): string | undefined {
  const hint = item.category ? hints[item.category] : undefined;
  if (!hint) return 'Find it with Quick Fix, or on eBay';
  return `${hint.id} ${item.category === 'Mens Jeans' ? "men's jeans" : "women's jeans"}`;
}
