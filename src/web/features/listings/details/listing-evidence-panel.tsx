import { listedCategoriesOf } from '@shared/contracts/marketplace-registry';
import type { ListingItem } from '@shared/contracts/listings';
import { conditionLabel, sellerConditionOf } from '@shared/domain/catalog';
import { EXTRACTED_ATTRIBUTES, type ExtractedAttribute } from '@shared/domain/listing';
import { cn } from '@/lib/cn';
import { DetailsSection } from './details-section';
import { EvidenceChip } from './evidence-chip';

const attributeLabels: Record<ExtractedAttribute, string> = {
  brand: 'Brand',
  size: 'Size',
  color: 'Color',
  material: 'Material',
  style: 'Style',
  fit: 'Fit',
  department: 'Department',
  sizeType: 'Size Type',
};

const attributeValue = (item: ListingItem, key: ExtractedAttribute): string | null =>
  ({
    brand: item.extractedBrand,
    size: item.extractedSize,
    color: item.extractedColor,
    material: item.extractedMaterial,
    style: item.extractedStyle,
    fit: item.extractedFit,
    department: item.extractedDepartment,
    sizeType: item.extractedSizeType,
  })[key];

/**
 * The extracted attributes that have a value, in the agreed order, and those only guessed (evidence but no value:
 * the offline draft's colour), shown as unconfirmed for the seller to check.
 */
export function readAttributes(item: ListingItem) {
  return EXTRACTED_ATTRIBUTES.map((key) => ({ key, value: attributeValue(item, key) })).filter((a) => a.value || item.aiEvidence?.[a.key]);
}

/** Whether the panel has anything to show (phones then offer to open it). */
export function hasEvidenceDetails(item: ListingItem): boolean {
  return (
    readAttributes(item).length > 0 ||
    listedCategoriesOf(item).some((listed) => Boolean(listed.categoryName || listed.categoryId)) ||
    Object.keys(item.itemSpecificsJson ?? {}).length > 0
  );
}

/**
 * The attributes with where each was read, and each marketplace's category and condition grade (eBay's, from its
 * traits), the item specifics with the first.
 */
export function ListingEvidencePanel({ item, open }: { item: ListingItem; open: boolean }) {
  const attributes = readAttributes(item);
  const specifics = Object.entries(item.itemSpecificsJson ?? {});
  const listedCategories = listedCategoriesOf(item);
  return (
    <div className={cn('min-w-0 flex-col gap-4 lg:flex', open ? 'flex' : 'hidden')}>
      {attributes.length > 0 && (
        <DetailsSection title="Details and where they were read">
          <dl className="divide-y divide-slate-100 rounded-xl ring-1 ring-inset ring-slate-200" data-testid="listing-attributes">
            {attributes.map(({ key, value }) => (
              <div
                key={key}
                className="grid grid-cols-[6rem_minmax(0,1fr)] items-start gap-x-3 gap-y-1 px-3 py-2 text-sm"
                data-attribute={key}
              >
                <dt className="text-slate-500">{attributeLabels[key]}</dt>
                <dd className="min-w-0">
                  {value ? (
                    <span className="font-medium text-slate-900">{value}</span>
                  ) : (
                    <span className="font-medium text-amber-800">Unconfirmed</span>
                  )}
                  <span className="mt-1 flex">
                    <EvidenceChip evidence={item.aiEvidence?.[key]} />
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        </DetailsSection>
      )}

      {listedCategories.map((listed, index) => {
        const own = index === 0 ? specifics : [];
        if (!(listed.categoryName || listed.categoryId || own.length > 0)) return null;
        return (
          <DetailsSection key={listed.name} title={listed.name}>
            <div className="flex flex-col gap-1 text-sm text-slate-700">
              {(listed.categoryName || listed.categoryId) && (
                <p>
                  {listed.categoryName ?? 'Category'}
                  {listed.categoryId && <span className="text-slate-500"> · #{listed.categoryId}</span>}
                  {item.categoryConfidence !== null && (
                    <span className="text-slate-500"> · {Math.round(item.categoryConfidence * 100)}% sure</span>
                  )}
                </p>
              )}
              {listed.conditionGrade && <p>{`Condition on ${listed.name}: ${conditionLabel(sellerConditionOf(listed.conditionGrade))}`}</p>}
              {own.length > 0 && <p className="text-slate-600">{own.map(([k, v]) => `${k}: ${v}`).join(' · ')}</p>}
            </div>
          </DetailsSection>
        );
      })}
    </div>
  );
}
