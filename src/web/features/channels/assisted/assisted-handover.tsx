import { formatDay } from '@shared/domain/display-format';

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { assistedMessages, listedBody, type HandoverResponse } from '@shared/contracts/assisted';
import { assistedMarketplaces } from '@shared/domain/assisted/marketplaces';
import { isListingUrlOf } from '@shared/domain/assisted/vocabulary';
import { channelNames, type AssistedChannel } from '@shared/domain/channel-listing';
import { formatMoney, toDecimalString } from '@shared/domain/money';
import { describePriceRule } from '@shared/domain/price-rule';
import { Alert } from '@/components/alert';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CheckIcon, DownloadIcon, UploadIcon } from '@/components/icons';
import { Sheet, SheetHeader } from '@/components/sheet';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { useToast } from '@/components/toast';
import { useAnswer, useHandover, useRecordListed, useUnlist } from './api';
import { canShareFiles, download, photoFiles, zipOf } from './photo-handover';
import { tell } from '@/lib/told';

export interface AssistedHandoverProps {
  itemId: string;
  channel: AssistedChannel;
  open: boolean;
  onClose: () => void;
}

const fieldNames = { size: 'Size', condition: 'Condition', category: 'Category' } as const;
const assistedWords = { linkTyped: 'Save the link, or clear it to record the listing without one.' } as const;

/** Every field as text, one per line, then the description: what "Copy all" puts on the clipboard. */
export function copyAllText(h: HandoverResponse): string {
  const lines = [
    h.title !== null ? `Title: ${h.title}` : null,
    h.price !== null ? `Price: ${formatMoney(h.price)}` : null,
    h.size ? `Size: ${h.size}` : null,
    h.condition ? `Condition: ${h.condition}` : null,
    h.category ? `Category: ${h.category}` : null,
    h.brand ? `Brand: ${h.brand}` : null,
  ].filter((line): line is string => line !== null);
  return [lines.join('\n'), h.description].filter(Boolean).join('\n\n');
}

/**
 * Hands an item's listing over to a marketplace with no listing API (decision 051): the listing in its
 * words, the photos (the share sheet with files on a phone, one zip on a desktop), each field to copy, and the
 * seller's record of listing it (its link, or only "Listed"), undone by "Not listed after all".
 */
export function AssistedHandover({ itemId, channel, open, onClose }: AssistedHandoverProps) {
  const name = channelNames[channel];
  const handover = useHandover(itemId, channel, open);
  return (
    <Sheet open={open} onOpenChange={(next) => !next && onClose()} data-testid="assisted-handover" data-channel={channel}>
      <SheetHeader
        title={`List on ${name}`}
        description={`${name} has no way for apps to list: copy the listing into ${name}, then record it here.`}
      />
      <div className="flex-1 overflow-y-auto px-4 pb-[max(1rem,env(safe-area-inset-bottom))] pt-4 sm:px-6">
        {handover.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner className="size-6" />
          </div>
        ) : handover.isError ? (
          <LoadError onRetry={() => void handover.refetch()} title={`The listing for ${name} could not be prepared.`}>
            {handover.error.message}
          </LoadError>
        ) : (
          <HandoverBody handover={handover.data} />
        )}
      </div>
    </Sheet>
  );
}

function HandoverBody({ handover: h }: { handover: HandoverResponse }) {
  const name = channelNames[h.channel];
  return (
    <div className="flex flex-col gap-5">
      {h.site && (h.site.currency !== 'USD' || h.site.sizeStandard !== 'US') && (
        <p className="text-sm text-slate-700" data-testid="assisted-site">
          For {h.site.name} ({h.site.host}): prices in {h.site.currency}, {h.site.sizeStandard} sizes.
        </p>
      )}
      <ListingState handover={h} />
      {(h.questions.length > 0 || h.answered.length > 0) && <Questions handover={h} />}
      <Photos handover={h} />
      <Fields handover={h} />
      {h.status !== 'live' && h.status !== 'sold' && <RecordListing handover={h} />}
      <p className="text-xs text-slate-500">
        {h.priceRule.percent === 0 && h.priceRule.rounding === 'none'
          ? `Price: the item’s own${h.basePrice !== null ? ` (${formatMoney(h.basePrice)})` : ''}.`
          : `Price: ${describePriceRule(h.priceRule)}${h.basePrice !== null ? ` on ${formatMoney(h.basePrice)}` : ''}.`}{' '}
        A rule per marketplace (such as +10%) is set on the Marketplaces screen. {name}’s own fees apply there.
      </p>
    </div>
  );
}

/** Listed (the channel's badge and link, and the undo), sold, and the delist task after a sale elsewhere. */
function ListingState({ handover: h }: { handover: HandoverResponse }) {
  const name = channelNames[h.channel];
  const unlist = useUnlist(h.itemId, h.channel);
  const notify = useToast();
  const [confirming, setConfirming] = useState(false);
  const link = h.url && (
    <a
      href={h.url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-11 items-center break-all text-sm font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
      data-testid="assisted-link"
    >
      Open the listing on {name}
    </a>
  );
  return (
    <>
      {h.delistTask && (
        <Alert tone="warning" title={`Sold elsewhere: delist it from ${name}`}>
          <p>The item sold on another marketplace. Take this listing down on {name} so nobody buys it twice.</p>
          {link}
        </Alert>
      )}
      {(h.status === 'live' || h.status === 'sold') && (
        <div className="flex flex-col gap-2 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3" data-testid="assisted-listed">
          <div className="flex flex-wrap items-center gap-2">
            <span
              className="inline-flex items-center gap-1 rounded-full bg-emerald-700 px-2.5 py-1 text-xs font-semibold text-white"
              data-testid="assisted-badge"
            >
              <CheckIcon className="size-3.5" />
              {h.status === 'sold' ? `Sold on ${name}` : `Listed on ${name}`}
            </span>
            {h.listedAt && <span className="text-xs text-emerald-900">since {formatDay(h.listedAt, { year: true })}</span>}
          </div>
          {!h.delistTask && (link || <p className="text-sm text-emerald-900">No link saved.</p>)}
          {h.status === 'live' && (
            <Button variant="secondary" className="self-start" onClick={() => setConfirming(true)} loading={unlist.isPending}>
              Not listed after all
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Not listed on ${name}?`}
        message={`The app forgets this listing and its link. Nothing changes on ${name}.`}
        confirmLabel="Forget the listing"
        onConfirm={() =>
          tell(unlist, undefined, {
            onError: (error) => notify('error', `The listing was not forgotten: ${error.message}`),
          })
        }
      />
    </>
  );
}

/**
 * What the app could not map to the marketplace's values: the seller chooses, never the app; an earlier choice stays
 * changeable.
 */
function Questions({ handover: h }: { handover: HandoverResponse }) {
  const name = channelNames[h.channel];
  const answer = useAnswer(h.itemId, h.channel);
  const baseId = useId();
  const open = h.questions.length > 0;
  const rows = [...h.questions.map((q) => ({ ...q, value: '' })), ...h.answered].sort(
    (a, b) => questionOrder.indexOf(a.field) - questionOrder.indexOf(b.field),
  );
  return (
    <section
      className={
        open
          ? 'flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4'
          : 'flex flex-col gap-3 rounded-xl border border-slate-200 p-4'
      }
      aria-labelledby={`${baseId}-q`}
    >
      <h3 id={`${baseId}-q`} className={open ? 'text-sm font-semibold text-amber-950' : 'text-sm font-semibold text-slate-900'}>
        {open ? `${name} needs your choice` : `Your choices for ${name}`}
      </h3>
      {rows.map((q) => (
        <div key={q.field} className="flex flex-col gap-1.5">
          <label htmlFor={`${baseId}-${q.field}`} className="text-sm font-medium text-slate-800">
            {fieldNames[q.field]} on {name}
            {q.ours && <span className="font-normal text-slate-600"> (the item says: {q.ours})</span>}
          </label>
          <select
            id={`${baseId}-${q.field}`}
            className="h-11 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 sm:text-sm"
            value={q.value}
            disabled={answer.isPending}
            onChange={(e) => e.target.value && answer.mutate({ [q.field]: e.target.value })}
          >
            <option value="" disabled>
              Choose…
            </option>
            {q.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      ))}
      {answer.isError && <p className="text-sm text-red-700">{answer.error.message}</p>}
    </section>
  );
}

const questionOrder = ['size', 'condition', 'category'] as const;

/** The photos in order, and the one or two taps that hand them over. */
function Photos({ handover: h }: { handover: HandoverResponse }) {
  const name = channelNames[h.channel];
  const notify = useToast();
  const shareable = useMemo(canShareFiles, []);
  const [busy, setBusy] = useState<'share' | 'zip' | null>(null);
  // Fetched as the sheet opens: the share sheet must open within the tap's moment, not after the downloads.
  const files = useQuery({
    queryKey: ['assisted', 'files', h.photos.map((p) => p.id).join(',')],
    queryFn: ({ signal }) => photoFiles(h.photos, signal),
    enabled: shareable && h.photos.length > 0,
    staleTime: 10 * 60_000,
    gcTime: 60_000,
  });

  async function share() {
    setBusy('share');
    try {
      const ready = files.data ?? (await photoFiles(h.photos));
      await navigator.share({ files: ready, title: h.title ?? h.sku, text: copyAllText(h) });
    } catch (error) {
      if ((error as Error).name !== 'AbortError')
        notify('error', `The photos could not be shared (${(error as Error).message}). Download them instead, or try again.`);
    } finally {
      setBusy(null);
    }
  }

  async function zip() {
    setBusy('zip');
    try {
      download(await zipOf(await photoFiles(h.photos)), `${h.sku}-${h.channel}-photos.zip`);
    } catch (error) {
      notify('error', `The photos could not be downloaded (${(error as Error).message}). Please try again.`);
    } finally {
      setBusy(null);
    }
  }

  if (h.photos.length === 0) return <Alert tone="warning">This item has no photos yet: add them before listing on {name}.</Alert>;
  return (
    <section className="flex flex-col gap-3" aria-label="Photos">
      <ol className="flex gap-2 overflow-x-auto pb-1" data-testid="assisted-photos">
        {h.photos.map((photo, i) => (
          <li key={photo.id} className="relative shrink-0">
            <img
              src={photo.thumbnailUrl}
              alt={`${i + 1} of ${h.photos.length}`}
              className="size-16 rounded-lg object-cover ring-1 ring-inset ring-slate-200 sm:size-20"
            />
            <span className="absolute bottom-1 left-1 rounded bg-slate-900/70 px-1 text-[10px] font-semibold text-white">{i + 1}</span>
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row">
        {shareable && (
          <Button onClick={() => void share()} loading={busy === 'share'} disabled={busy !== null}>
            <UploadIcon className="size-4" /> Share photos
          </Button>
        )}
        <Button variant={shareable ? 'secondary' : 'primary'} onClick={() => void zip()} loading={busy === 'zip'} disabled={busy !== null}>
          <DownloadIcon className="size-4" /> Download photos (.zip)
        </Button>
      </div>
      <p className="text-xs text-slate-500">
        {shareable
          ? `Share them to the ${name} app: ${h.photos.length} photos in this order.`
          : `${h.photos.length} photos in this order, named ${h.photos[0]!.fileName} and on. Upload them on ${name}’s website.`}
      </p>
    </section>
  );
}

/** Each field in the marketplace's words, with its own copy button, and "Copy all". */
function Fields({ handover: h }: { handover: HandoverResponse }) {
  const notify = useToast();
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy(key: string, text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(key);
    } catch {
      notify('error', 'The text could not be copied here. Select it and copy it by hand.');
    }
  }

  const fields: Array<{ key: string; label: string; value: string | null; copyText?: string; note?: string; long?: boolean }> = [
    ...(h.titleMax !== null ? [{ key: 'title', label: 'Title', value: h.title, note: `${h.title?.length ?? 0}/${h.titleMax}` }] : []),
    {
      key: 'description',
      label: 'Description',
      value: h.description || null,
      long: true,
      note: h.descriptionMax !== null ? `${h.description.length}/${h.descriptionMax}` : undefined,
    },
    {
      key: 'price',
      label: 'Price',
      // The marketplace's price field takes the plain decimal ("27.99"): what is copied.
      value: h.price !== null ? formatMoney(h.price) : null,
      copyText: h.price ? toDecimalString(h.price) : undefined,
    },
    { key: 'size', label: 'Size', value: h.size },
    { key: 'condition', label: 'Condition', value: h.condition },
    { key: 'category', label: 'Category', value: h.category },
    { key: 'brand', label: 'Brand', value: h.brand },
  ];
  return (
    <section className="flex flex-col gap-2" aria-label="Listing text">
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {fields.map((f) => (
          <li key={f.key} className="flex items-start gap-3 px-3 py-2" data-testid={`assisted-field-${f.key}`}>
            <div className="min-w-0 flex-1">
              <p className="flex items-baseline gap-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
                {f.label}
                {f.note && <span className="font-normal normal-case tracking-normal text-slate-500">{f.note}</span>}
              </p>
              <p
                className={
                  f.long ? 'mt-0.5 whitespace-pre-wrap break-words text-sm text-slate-900' : 'mt-0.5 break-words text-sm text-slate-900'
                }
              >
                {f.value ?? (
                  <span className="text-slate-500" data-testid={f.key === 'price' && h.priceNote ? 'assisted-price-note' : undefined}>
                    {f.key === 'price' ? (h.priceNote ?? 'No price yet') : 'Not set'}
                  </span>
                )}
              </p>
            </div>
            {f.value && (
              <Button
                variant="secondary"
                className="shrink-0 px-3"
                aria-label={`${copied === f.key ? 'Copied' : 'Copy'} ${f.label.toLowerCase()}`}
                onClick={() => void copy(f.key, f.copyText ?? f.value!)}
              >
                {copied === f.key ? 'Copied' : 'Copy'}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={() => void copy('all', copyAllText(h))}>
        {copied === 'all' ? 'Copied all' : 'Copy all'}
      </Button>
    </section>
  );
}

/**
 * The link as typed, by the listed body's own rule (`listedBody`: trimmed, at most 2,000 characters) and checked to
 * be a listing on the marketplace as the server checks it, so "not a link" is refused in words (not the browser's own
 * bubble).
 */
function linkFields(channel: AssistedChannel, wrongLink: string) {
  return listedBody.required().superRefine(({ url }, ctx) => {
    if (!isListingUrlOf(channel, url ?? '')) ctx.addIssue({ code: 'custom', path: ['url'], message: wrongLink });
  });
}

/** The seller's record: the listing's link (checked to be on the marketplace), or "Listed" without one. */
function RecordListing({ handover: h }: { handover: HandoverResponse }) {
  const name = channelNames[h.channel];
  const record = useRecordListed(h.itemId, h.channel);
  const { register, handleSubmit, watch, trigger, setError, clearErrors, formState } = useForm({
    resolver: zodResolver(linkFields(h.channel, assistedMessages.wrongDomain(name, assistedMarketplaces[h.channel].hosts))),
    defaultValues: { url: '' },
    // A refusal stays until the seller types again or taps a button; no field takes the caret.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const url = watch('url') ?? '';
  const submit = handleSubmit((body) => record.mutate(body.url || null));
  return (
    <section className="flex flex-col gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-inset ring-slate-200" aria-label="Record the listing">
      <form className="flex flex-col gap-2" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={`Listed it? Paste its link on ${name}`}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder={h.urlExample}
          {...register('url', { onChange: () => clearErrors('url') })}
          error={formState.errors.url?.message ?? (record.isError ? record.error.message : null)}
        />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" loading={record.isPending && record.variables !== null} disabled={!url.trim() || record.isPending}>
            Save link
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              // A typed link is what the seller meant: never dropped in silence.
              if (url.trim()) {
                // A link on the marketplace is asked to be saved or cleared; one elsewhere is refused as Save link does.
                void trigger('url').then((listing) => {
                  if (listing) setError('url', { type: 'custom', message: assistedWords.linkTyped });
                });
                return;
              }
              clearErrors('url');
              record.mutate(null);
            }}
            loading={record.isPending && record.variables === null}
            disabled={record.isPending}
          >
            Listed, no link
          </Button>
        </div>
      </form>
    </section>
  );
}
