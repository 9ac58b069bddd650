import type { ListingItem } from '@shared/contracts/listings';
import { camelCaseToWords, listingMessages } from '@shared/domain/listing';
import { formatMoney } from '@shared/domain/money';
import { InfoIcon } from '@/components/icons';
import { ComparablesDisclosure } from '@/entities/comparables/comparables-panel';
import { ItemAmountField } from '@/entities/items/item-amount-field';
import { DetailsSection } from './details-section';
import { ListingDescription } from './listing-description';

/** The listing as a buyer would read it: title, price and notes, description, condition, measurements, tags. */
export function ListingOverview({ item }: { item: ListingItem }) {
  const measurements = Object.entries(item.aiMeasurements ?? {});
  const tags = item.aiTags ?? [];
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <h3 className="text-base font-semibold leading-snug text-slate-900 sm:text-lg" data-testid="listing-title">
          {item.aiTitle}
        </h3>
        {item.price !== null && (
          <p className="shrink-0 text-xl font-bold text-emerald-700" data-testid="listing-price" title={item.priceBasis ?? undefined}>
            {formatMoney(item.price)}
          </p>
        )}
      </div>
      {/* The AI's notes are about its own price: once the seller names theirs, they no longer say how it was set. */}
      {item.aiPricingNotes && item.askingPrice === null && <p className="-mt-2 text-sm text-slate-500">{item.aiPricingNotes}</p>}
      {!item.listings.some((listing) => listing.status === 'sold') && (
        <ItemAmountField amount="askingPrice" itemId={item.id} sku={item.sku} saved={item.askingPrice} currency={item.currency} />
      )}
      <div className="-mt-2">
        <ComparablesDisclosure itemId={item.id} itemUpdatedAt={item.updatedAt} />
      </div>

      {item.aiProvider === 'basic' && (
        <p
          className="flex items-start gap-2 rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-600 ring-1 ring-inset ring-slate-200"
          data-testid="basic-draft-note"
        >
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-slate-400" />
          {listingMessages.basicDraftNote}
        </p>
      )}

      <ListingDescription text={item.aiDescription ?? ''} />

      {item.aiConditionNotes && (
        <DetailsSection title="Condition notes">
          <p className="text-sm text-slate-700">{item.aiConditionNotes}</p>
        </DetailsSection>
      )}

      {measurements.length > 0 && (
        <DetailsSection title="Measurements">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3" data-testid="listing-measurements">
            {measurements.map(([key, value]) => (
              <div key={key} className="flex justify-between gap-2 border-b border-dashed border-slate-200 py-1 text-sm">
                <dt className="text-slate-500">{camelCaseToWords(key)}</dt>
                <dd className="font-medium text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </DetailsSection>
      )}

      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags" data-testid="listing-tags">
          {tags.map((tag, i) => (
            <li
              key={`${tag}-${i}`}
              className="rounded-full bg-indigo-50 px-2.5 py-1 text-xs font-medium text-indigo-700 ring-1 ring-inset ring-indigo-200"
            >
              {tag}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
