import type { ListingDraft } from '@shared/domain/listing';
import { aspectField, sellerFieldOfAttribute, type SellerField } from '@shared/domain/seller-fields';

type AttributeColumn = keyof typeof sellerFieldOfAttribute;

/**
 * The seller fields of a change to the item's attribute columns and item specifics: those whose value differs from
 * what the item holds (a prefilled form saved as it was marks nothing).
 */
export function changedSellerFields(
  current: Partial<Record<AttributeColumn, string | null>> & { itemSpecificsJson?: Record<string, string> | null },
  patch: Partial<Record<AttributeColumn, string | null | undefined>>,
  specifics: Record<string, string> = {},
): string[] {
  const changed: string[] = [];
  for (const [column, field] of Object.entries(sellerFieldOfAttribute) as Array<[AttributeColumn, string]>) {
    const value = patch[column];
    if (value !== undefined && value !== (current[column] ?? null)) changed.push(field);
  }
  for (const [name, value] of Object.entries(specifics)) {
    if (value !== current.itemSpecificsJson?.[name]) changed.push(aspectField(name));
  }
  return changed;
}

const attributeOf = {
  extractedBrand: 'brand',
  extractedSize: 'size',
  extractedColor: 'color',
  extractedMaterial: 'material',
  extractedStyle: 'style',
  extractedFit: 'fit',
  extractedDepartment: 'department',
  extractedSizeType: 'sizeType',
} as const satisfies Record<keyof typeof sellerFieldOfAttribute, keyof ListingDraft['extracted']>;

/** The draft's writes, without the fields the seller set (their columns are left as they are). */
/** What a generation writes of the AI's draft, the seller's own fields left out (`keepSellerFields`). */
export type GeneratedListing = ReturnType<typeof keepSellerFields>;

export function keepSellerFields(draft: ListingDraft, set: Set<string>) {
  const unless = <T>(field: SellerField, value: T): T | undefined => (set.has(field) ? undefined : value);
  const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
  const attributes = Object.fromEntries(
    (Object.keys(attributeOf) as Array<keyof typeof attributeOf>).flatMap((column) =>
      set.has(sellerFieldOfAttribute[column]) ? [] : [[column, draft.extracted[attributeOf[column]]]],
    ),
  ) as Partial<Record<keyof typeof attributeOf, string | null>>;
  return {
    ...draft,
    text: defined({
      aiTitle: unless('title', draft.title),
      aiDescription: unless('description', draft.description),
      aiTags: unless('tags', draft.tags),
    }),
    attributes,
    // A kept attribute is the seller's: its evidence says so, not what the AI read for its own value.
    evidenceKept: {
      ...draft.evidence,
      ...Object.fromEntries(
        Object.values(attributeOf)
          .filter((attribute) => set.has(attribute))
          .map((attribute) => [attribute, { source: 'seller', note: 'Entered by the seller' }]),
      ),
    },
    // The category and grade are the draft marketplace's: its channel keeps them in its own listing.
    categoryAndGrade: defined({
      ebayCategoryId: unless('category', draft.ebayCategoryId),
      ebayCategoryName: unless('category', draft.ebayCategoryName),
      ebayConditionGrade: unless('condition', draft.ebayConditionGrade),
    }),
  };
}
