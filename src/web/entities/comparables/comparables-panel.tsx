import { formatDay } from '@shared/domain/display-format';

import { Fragment, useState, type ReactNode } from 'react';
import type { Comparable, ComparablesResponse, OwnSale, OwnSalesEvidence } from '@shared/contracts/comparables';
import { formatMoney } from '@shared/domain/money';
import { comparablesFrom } from '@shared/contracts/marketplace-registry';
import { Button } from '@/components/button';
import { ChevronDownIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { cn } from '@/lib/cn';
import { useComparables } from './use-comparables';
import { DecorativeThumbnail } from '@/components/decorative-thumbnail';

/** "14 comparables", "median $32.00", "$18.00–$55.00": the headline's parts. */
function headlineParts(answer: Pick<ComparablesResponse, 'count' | 'median' | 'low' | 'high'>): string[] {
  const parts = [`${answer.count} ${answer.count === 1 ? 'comparable' : 'comparables'}`];
  if (answer.median !== null) parts.push(`median ${formatMoney(answer.median)}`);
  if (answer.low !== null && answer.high !== null && answer.low.amountMinor !== answer.high.amountMinor)
    parts.push(`${formatMoney(answer.low)}–${formatMoney(answer.high)}`);
  return parts;
}

/** "14 comparables · median $32.00 · $18.00–$55.00". */
export const comparablesHeadline = (answer: Pick<ComparablesResponse, 'count' | 'median' | 'low' | 'high'>) =>
  headlineParts(answer).join(' · ');

function shippingText(comparable: Comparable): string {
  if (comparable.shipping === null) return 'shipping calculated';
  return comparable.shipping.amountMinor === 0 ? 'free shipping' : `+ ${formatMoney(comparable.shipping)} shipping`;
}

function ComparableRow({ comparable, simulated }: { comparable: Comparable; simulated: boolean }) {
  return (
    <li>
      <a
        href={comparable.url}
        target="_blank"
        rel="noopener noreferrer"
        className="flex min-h-11 items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500"
        data-testid="comparable"
      >
        <DecorativeThumbnail url={comparable.imageUrl} className="size-10 rounded-md bg-slate-100" lazy />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate text-sm text-slate-800">{comparable.title}</span>
          <span className="text-xs text-slate-500">
            {formatMoney(comparable.price)} {shippingText(comparable)}
            {comparable.condition ? ` · ${comparable.condition}` : ''}
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end">
          <span className="text-sm font-semibold text-slate-900" data-testid="comparable-total">
            {formatMoney(comparable.total)}
          </span>
          {comparable.foundBy !== 'keywords' && <span className="text-[11px] font-medium text-indigo-700">photo match</span>}
        </span>
        <span className="sr-only">
          {simulated
            ? ` (on the simulated ${comparablesFrom.name}, opens in a new tab)`
            : ` (on ${comparablesFrom.name}, opens in a new tab)`}
        </span>
      </a>
    </li>
  );
}

/** "3 sales · median $37.75 · $24.00–$51.50": the seller's own sales' headline. */
export function ownSalesHeadline(evidence: Pick<OwnSalesEvidence, 'count' | 'median' | 'low' | 'high'>): string {
  const parts = [`${evidence.count} ${evidence.count === 1 ? 'sale' : 'sales'}`];
  if (evidence.median !== null) parts.push(`median ${formatMoney(evidence.median)}`);
  if (evidence.low !== null && evidence.high !== null && evidence.low.amountMinor !== evidence.high.amountMinor)
    parts.push(`${formatMoney(evidence.low)}–${formatMoney(evidence.high)}`);
  return parts.join(' · ');
}

const soldDay = (iso: string) => formatDay(iso, { year: true });

function OwnSaleRow({ sale }: { sale: OwnSale }) {
  return (
    <li className="flex min-h-11 items-center gap-3 px-2 py-1.5" data-testid="own-sale">
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm text-slate-800">{sale.title}</span>
        <span className="text-xs text-slate-500">
          Sold {soldDay(sale.soldAt)} on {sale.channel}
          {sale.shipping.amountMinor > 0 ? ` · ${formatMoney(sale.price)} + ${formatMoney(sale.shipping)} shipping` : ''}
          {sale.fees ? ` · ${formatMoney(sale.fees)} fees` : ''}
        </span>
      </span>
      <span className="shrink-0 text-sm font-semibold text-slate-900" data-testid="own-sale-total">
        {formatMoney(sale.total)}
      </span>
    </li>
  );
}

/** The test ids of one kind of evidence's lines: why there is none, its headline, its basis. */
interface EvidenceTestIds {
  none: string;
  headline: string;
  basis: string;
}

const ownSalesTestIds: EvidenceTestIds = { none: 'own-sales-none', headline: 'own-sales-headline', basis: 'own-sales-basis' };
const activeListingsTestIds: EvidenceTestIds = {
  none: 'comparables-no-basis',
  headline: 'comparables-headline',
  basis: 'comparables-basis',
};

/** One kind of evidence under its heading: why there is none; or its headline, its rows (`children`) and its basis. */
function Evidence({
  none,
  headline,
  basis,
  testIds,
  children,
}: {
  none: string | null;
  headline: ReactNode;
  basis: string | null;
  testIds: EvidenceTestIds;
  children: ReactNode;
}) {
  if (none) {
    return (
      <p className="text-sm text-slate-600" data-testid={testIds.none}>
        {none}
      </p>
    );
  }
  return (
    <>
      <p className="text-sm font-semibold text-slate-900" data-testid={testIds.headline}>
        {headline}
      </p>
      {children}
      {basis && (
        <p className="text-xs text-slate-500" data-testid={testIds.basis}>
          {basis}
        </p>
      )}
    </>
  );
}

/** The active listings' headline, each part kept whole on a line. */
function HeadlineParts({ answer }: { answer: ComparablesResponse }) {
  return headlineParts(answer).map((part, i) => (
    <Fragment key={part}>
      {i > 0 && ' · '}
      <span className="whitespace-nowrap">{part}</span>
    </Fragment>
  ));
}

/** The seller's own sold prices of items like this one: labelled as theirs, never mixed with the active listings. */
function OwnSalesSection({ evidence }: { evidence: OwnSalesEvidence }) {
  return (
    <section
      className="flex min-w-0 flex-col gap-2 self-start rounded-lg bg-white p-2 ring-1 ring-inset ring-emerald-200"
      aria-label="Your sales"
      data-testid="own-sales"
    >
      <h5 className="text-xs font-semibold text-emerald-800">Your sales</h5>
      <Evidence none={evidence.none} headline={ownSalesHeadline(evidence)} basis={evidence.basis} testIds={ownSalesTestIds}>
        <ul className="-mx-2 flex flex-col" aria-label="Your sales like this one">
          {evidence.sales.map((sale) => (
            <OwnSaleRow key={`${sale.soldAt}-${sale.title}`} sale={sale} />
          ))}
        </ul>
      </Evidence>
    </section>
  );
}

/** The active listings' part: count, median and range, the 5 nearest and the basis, or why there is no basis. */
function ActiveListings({ answer }: { answer: ComparablesResponse }) {
  return (
    <section className="flex min-w-0 flex-col gap-2" aria-label="Active listings" data-testid="comparables-active">
      <h5 className="text-xs font-semibold text-slate-700">Active listings</h5>
      <Evidence none={answer.noBasis} headline={<HeadlineParts answer={answer} />} basis={answer.basis} testIds={activeListingsTestIds}>
        <ul className="-mx-2 flex flex-col" aria-label="The 5 nearest">
          {answer.nearest.map((comparable) => (
            <ComparableRow key={comparable.url || comparable.title} comparable={comparable} simulated={answer.simulated} />
          ))}
        </ul>
      </Evidence>
    </section>
  );
}

/**
 * Active eBay listings like the item, beside its price: count, median and range, the 5 nearest, and what a price
 * from them is based on, or why there is no basis; beside them, the seller's own sales of items like it ("Your
 * sales"), side by side where the panel is wide enough. Asks the server when it is shown.
 */
export function ComparablesPanel({ itemId, itemUpdatedAt, className }: { itemId: string; itemUpdatedAt: string; className?: string }) {
  const comparables = useComparables(itemId, itemUpdatedAt);
  const answer = comparables.data;
  // The simulation's own listings are never passed off as the marketplace's.
  const title = answer?.simulated ? comparablesFrom.simulatedTitle : `Comparables on ${comparablesFrom.name}`;
  return (
    <section
      className={cn('@container flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-slate-50/60 p-3', className)}
      aria-label={title}
      data-testid="comparables-panel"
    >
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500" data-testid="comparables-title">
        {title}
      </h4>
      {comparables.isError ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-red-700" role="alert">
          <span className="min-w-0 flex-1">Comparables could not be loaded: {comparables.error.message}</span>
          <Button variant="secondary" onClick={() => void comparables.refetch()}>
            Try again
          </Button>
        </div>
      ) : !answer ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" label="Looking up comparables" />{' '}
          {`Looking up active ${comparablesFrom.name} listings like this one…`}
        </p>
      ) : (
        <div className="grid min-w-0 gap-3 @xl:grid-cols-[3fr_2fr]">
          <ActiveListings answer={answer} />
          <OwnSalesSection evidence={answer.ownSales} />
        </div>
      )}
    </section>
  );
}

/** A "Comparables on eBay" disclosure: the panel (and its request) only once the seller opens it. */
export function ComparablesDisclosure({ itemId, itemUpdatedAt }: { itemId: string; itemUpdatedAt: string }) {
  const [open, setOpen] = useState(false);
  const panelId = `comparables-${itemId}`;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <button
        type="button"
        className="inline-flex min-h-11 items-center gap-1 self-start text-sm font-medium text-indigo-700 hover:text-indigo-900"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {`Comparables on ${comparablesFrom.name}`}
        <ChevronDownIcon className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      {open && (
        <div id={panelId}>
          <ComparablesPanel itemId={itemId} itemUpdatedAt={itemUpdatedAt} />
        </div>
      )}
    </div>
  );
}
