import { useState } from 'react';
import type { ListingItem } from '../../../shared/contracts/listings';
import { EXTRACTED_ATTRIBUTES, camelCaseToWords, formatUsd, listingMessages, type ExtractedAttribute } from '../../../shared/domain/listing';
import { InfoIcon } from '../../components/icons';

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

/** Where the AI read an attribute: the photo (so the seller can check it) or "inferred". */
function EvidenceChip({ evidence }: { evidence?: { source: 'photo' | 'inferred'; photo?: number; note?: string } }) {
  if (!evidence) return <span className="text-xs text-slate-400">no evidence given</span>;
  const fromPhoto = evidence.source === 'photo' && evidence.photo !== undefined;
  return (
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
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section>
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h4>
      <div className="mt-1.5">{children}</div>
    </section>
  );
}

/** A generated listing as the seller reviews it: title, price and notes, description, details with evidence. */
export function ListingDetails({ item }: { item: ListingItem }) {
  const [expanded, setExpanded] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const measurements = Object.entries(item.aiMeasurements ?? {});
  const attributes = EXTRACTED_ATTRIBUTES.map((key) => ({ key, value: attributeValue(item, key) })).filter((a) => a.value);
  const specifics = Object.entries(item.itemSpecificsJson ?? {});
  const description = item.aiDescription ?? '';
  const long = description.length > 280;

  const main = (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <h3 className="text-base font-semibold leading-snug text-slate-900 sm:text-lg" data-testid="listing-title">
          {item.aiTitle}
        </h3>
        {item.aiSuggestedPrice !== null && (
          <p className="shrink-0 text-xl font-bold text-emerald-700" data-testid="listing-price">
            {formatUsd(item.aiSuggestedPrice)}
          </p>
        )}
      </div>
      {item.aiPricingNotes && <p className="-mt-2 text-sm text-slate-500">{item.aiPricingNotes}</p>}

      {item.aiProvider === 'basic' && (
        <p className="flex items-start gap-2 rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-600 ring-1 ring-inset ring-slate-200" data-testid="basic-draft-note">
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-slate-400" />
          {listingMessages.basicDraftNote}
        </p>
      )}

      <div>
        <p className={`whitespace-pre-line text-sm leading-relaxed text-slate-700 ${long && !expanded ? 'line-clamp-4' : ''}`} data-testid="listing-description">
          {description}
        </p>
        {long && (
          <button type="button" className="mt-1 text-sm font-medium text-indigo-600 hover:text-indigo-800" onClick={() => setExpanded((v) => !v)}>
            {expanded ? 'Show less' : 'Show more'}
          </button>
        )}
      </div>

      {item.aiConditionNotes && (
        <Section title="Condition notes">
          <p className="text-sm text-slate-700">{item.aiConditionNotes}</p>
        </Section>
      )}

      {measurements.length > 0 && (
        <Section title="Measurements">
          <dl className="grid grid-cols-2 gap-x-4 sm:grid-cols-3 gap-y-1" data-testid="listing-measurements">
            {measurements.map(([key, value]) => (
              <div key={key} className="flex justify-between gap-2 border-b border-dashed border-slate-200 py-1 text-sm">
                <dt className="text-slate-500">{camelCaseToWords(key)}</dt>
                <dd className="font-medium text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </Section>
      )}

      {(item.aiTags ?? []).length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags" data-testid="listing-tags">
          {item.aiTags!.map((tag, i) => (
            <li key={`${tag}-${i}`} className="rounded-full bg-indigo-50 px-2.5 py-1 text-xs font-medium text-indigo-700 ring-1 ring-inset ring-indigo-200">
              {tag}
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  const hasDetails = attributes.length > 0 || Boolean(item.ebayCategoryName || item.ebayCategoryId) || specifics.length > 0;
  const side = (
    <div className={`min-w-0 flex-col gap-4 lg:flex ${detailsOpen ? 'flex' : 'hidden'}`}>
      {attributes.length > 0 && (
        <Section title="Details and where they were read">
          <dl className="divide-y divide-slate-100 rounded-xl ring-1 ring-inset ring-slate-200" data-testid="listing-attributes">
            {attributes.map(({ key, value }) => (
              <div key={key} className="grid grid-cols-[6rem_minmax(0,1fr)] items-start gap-x-3 gap-y-1 px-3 py-2 text-sm" data-attribute={key}>
                <dt className="text-slate-500">{attributeLabels[key]}</dt>
                <dd className="min-w-0">
                  <span className="font-medium text-slate-900">{value}</span>
                  <span className="mt-1 flex">
                    <EvidenceChip evidence={item.aiEvidence?.[key]} />
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        </Section>
      )}

      {(item.ebayCategoryName || item.ebayCategoryId || specifics.length > 0) && (
        <Section title="eBay">
          <div className="flex flex-col gap-1 text-sm text-slate-700">
            {(item.ebayCategoryName || item.ebayCategoryId) && (
              <p>
                {item.ebayCategoryName ?? 'Category'}
                {item.ebayCategoryId && <span className="text-slate-500"> · #{item.ebayCategoryId}</span>}
                {item.categoryConfidence !== null && <span className="text-slate-500"> · {Math.round(item.categoryConfidence * 100)}% sure</span>}
              </p>
            )}
            {item.ebayConditionGrade && <p>Condition grade: {item.ebayConditionGrade.charAt(0).toUpperCase() + item.ebayConditionGrade.slice(1)}</p>}
            {specifics.length > 0 && <p className="text-slate-600">{specifics.map(([k, v]) => `${k}: ${v}`).join(' · ')}</p>}
          </div>
        </Section>
      )}
    </div>
  );

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:gap-8">
      {main}
      {hasDetails && (
        // Phones keep long lists short: measurements, evidence and eBay details open on demand.
        <button
          type="button"
          className="-mt-1 justify-self-start text-sm font-medium text-indigo-600 hover:text-indigo-800 lg:hidden"
          aria-expanded={detailsOpen}
          onClick={() => setDetailsOpen((v) => !v)}
        >
          {detailsOpen ? 'Hide details' : 'Show details and evidence'}
        </button>
      )}
      {side}
    </div>
  );
}
