import { conditionLabel } from '@shared/domain/catalog';
import { useEffect, useState, type ReactNode } from 'react';
import type { ListedItem } from '@shared/contracts/items';
import type { ListingItem } from '@shared/contracts/listings';
import type { PublishBody, ReadinessResponse } from '@shared/contracts/publish';
import { isSoldOut } from '@shared/domain/channel-listing';
import { formatMoney, type Money } from '@shared/domain/money';
import { readPriceInput } from '@shared/domain/price-input';
import { listingMessages } from '@shared/domain/listing';
import { regenerateConfirmText, regenerationPlan } from '@shared/domain/seller-fields';
import { isSimulatedListingUrl } from '@shared/domain/simulated-ebay';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { LineList } from '@/components/line-list';
import { SimulatedEbayNote } from '../simulated-ebay-note';
import { UnderFloorConfirm, underFloorOf, type UnderFloor } from '@/components/under-floor-confirm';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Spinner } from '@/components/spinner';
import { TouchCheckbox } from '@/components/touch-checkbox';
import { useToast } from '@/components/toast';
import { ComparablesPanel } from '@/entities/comparables/comparables-panel';
import { FloorNote } from '@/entities/profit-floor/floor-note';
import { ItemListingStateBadges } from '@/entities/items/item-publish-badge';
import { ItemStatusBadge } from '@/entities/items/item-status-badge';
import { ItemThumbnail } from '@/entities/items/item-thumbnail';
import { ApiError } from '@/lib/api-client';
import { useItemReadiness } from '@/entities/readiness/use-item-readiness';
import { usePublishItem } from './api/publish-item';
import { useApplyQuickFix } from './api/apply-quick-fix';
import { useRegenerateListing } from '@/entities/items/use-regenerate-listing';
import { useSavePublishSettings } from './api/save-publish-settings';
import { categoryHintFor, categoryOptionsFor } from './category-options';
import { ebayPriceOf, ebayPriceSourceOf, ebayPublishOf } from '../listing';
import { canPublishDirectly, prefillPublishForm, publishSettingsReason, validatePublishForm, type PublishFormValues } from './publish-form';
import { PublishSettingsForm } from './publish-settings-form';
import { QuickFixForm, quickFixMessages, type QuickFixChange } from './quick-fix-form';
import { LiveListingPanel } from './live-listing-panel';
import { BuyerOfferPanel } from '../offers/buyer-offer-panel';
import { ReadinessPanel } from '@/entities/readiness/readiness-panel';
import { PreflightScores } from '@/entities/readiness/preflight-scores';
import { usePreflightScores } from '@/entities/readiness/use-preflight-scores';
import { useShownTogether } from '@/lib/use-shown-together';
import { tell } from '@/lib/told';

/** Publish messages. */
export const publishAlerts = {
  invalid: 'Please fix validation errors before publishing',
  policies: 'Please configure eBay business policies before publishing',
  published: 'Listing published to eBay successfully!',
  failed: (reason: string) => `Failed to publish: ${reason}`,
  settingsSaved: 'Publish settings saved',
} as const;

const money = (value: Money | null) => (value ? formatMoney(value) : '—');

export interface PublishItemCardProps {
  item: ListingItem;
  connectionVersion: string;
  selected: boolean;
  onToggleSelected(): void;
  /** The existing listing edit (Generate Listings' form), composed in by the app. */
  renderEditDetails?: (item: ListingItem, onDone: () => void) => ReactNode;
  /** The server runs the simulated eBay: publishing says it lists nothing for real. */
  simulated?: boolean;
}

/** The typed price as the seller reads amounts (£18.00 for a UK seller), or as typed when it is no amount. */
function priceText(form: PublishFormValues): string {
  const typed = readPriceInput(form.price, form.currency);
  return typed.ok && typed.value ? formatMoney(typed.value) : form.price;
}

/** eBay's category by name where the app knows it ("Men's Clothing > T-Shirts (15687)"), else its number. */
function categoryText(item: ListedItem, readiness: ReadinessResponse | undefined, id: string): string {
  const label = categoryOptionsFor(item, readiness).find((option) => option.id === id.trim())?.label;
  return label && !label.startsWith('eBay category ') ? `${label} (${id.trim()})` : id;
}

/** The confirmation summary of a direct publish. */
const summaryRows = (item: ListedItem, form: PublishFormValues, readiness: ReadinessResponse | undefined): Array<[string, string]> => [
  ['SKU', item.sku],
  ['Title', item.aiTitle ?? ''],
  ['Price', priceText(form)],
  ['Quantity', form.quantity],
  ['Condition', conditionLabel(form.condition)],
  ['eBay category', categoryText(item, readiness, form.categoryId)],
];

/** Regenerations started from this screen: item id to the generated-at it had, until the new listing or a failure. */
const regenerationsStarted = new Map<string, string | null>();
/** Publishes started from a card (not a bulk run), until Published or Failed. */
const publishesStarted = new Set<string>();

type Panel = 'none' | 'quick-fix' | 'edit' | 'settings';

/** One item on the eBay screen: SKU, AI title, price and quantity, readiness, Quick Fix, Edit Item Details, publishing. */
export function PublishItemCard({
  item,
  connectionVersion,
  selected,
  onToggleSelected,
  renderEditDetails,
  simulated = false,
}: PublishItemCardProps) {
  const readiness = useItemReadiness(item.id, item.updatedAt, connectionVersion);
  // The pre-flight scores' own query (the same request PreflightScores reads), to know when they have come in.
  const scores = usePreflightScores(item.id, item.updatedAt, connectionVersion);
  const publish = usePublishItem();
  const saveSettings = useSavePublishSettings();
  const [settingsReason, setSettingsReason] = useState<string | null>(null);
  const quickFix = useApplyQuickFix();
  const regenerate = useRegenerateListing();
  const [confirmRegenerate, setConfirmRegenerate] = useState(false);
  const notify = useToast();
  const [panel, setPanel] = useState<Panel>('none');
  const [confirming, setConfirming] = useState(false);
  const [blocked, setBlocked] = useState<{ title: string; reasons: string[] } | null>(null);
  const [fixError, setFixError] = useState<string | null>(null);
  // The seller's price under their floor: what it would lose, said before it is saved or sent (decision 121).
  const [underFloor, setUnderFloor] = useState<UnderFloor | null>(null);
  const ebay = ebayPublishOf(item);
  const status = ebay?.status ?? null;
  const published = status === 'published';
  // Sold out here or on another channel: nothing left to publish, relist or fix for eBay.
  const soldOut = isSoldOut(item.listings);
  // Live, ended or sold on eBay: changed through the live listing's panel (revise, end, relist) or done with (sold),
  // no longer published anew.
  const listed = published || status === 'ended' || status === 'sold' || soldOut;
  const publishing = status === 'publishing' || publish.isPending;
  // Its listing is being written again: published, it would go out with the words about to be replaced.
  const rewriting = item.aiGenerationStatus === 'generating' || item.generationQueued;
  const settingsId = `publish-settings-${item.id}`;
  // The readiness and the pre-flight scores come in one after the other above the buttons: shown together once both
  // have, so a button does not move under a finger (on a phone a tap on Quick Fix landed as the scores pushed it down).
  // An answer once, a refusal included: PreflightScores reads a refused query again as it mounts, and waiting for that
  // would hide it again, for ever.
  const answered = (query: { data: unknown; errorUpdatedAt: number }) => query.data !== undefined || query.errorUpdatedAt > 0;
  const checking = !soldOut && (!answered(readiness) || (!listed && !answered(scores)));
  // Read again after a change (a Quick Fix, an edit), each is shown once the other has come too: the card moves once.
  const [shownReadiness, shownScores] = useShownTogether(readiness, scores);

  // A publish this card started ends in a toast; bulk runs report in their summary instead.
  useEffect(() => {
    if (!publishesStarted.has(item.id) || !status || status === 'publishing') return;
    publishesStarted.delete(item.id);
    if (status === 'published') notify('success', publishAlerts.published);
    else notify('error', publishAlerts.failed(ebay?.error ?? 'unknown error'));
  }, [item.id, status, ebay?.error, notify]);

  // A regeneration this card started ends in the Generate Listings screen's words: a new generated-at, or a failure.
  // Kept outside the card so a card drawn again (the list refetched) still knows what it started.
  useEffect(() => {
    if (!regenerationsStarted.has(item.id)) return;
    if (item.aiGenerationStatus === 'failed') {
      regenerationsStarted.delete(item.id);
      notify('error', listingMessages.regenerateFailed(item.aiGenerationError ?? 'unknown error'));
    } else if (item.aiGenerationStatus === 'completed' && item.aiGeneratedAt !== regenerationsStarted.get(item.id)) {
      regenerationsStarted.delete(item.id);
      notify('success', listingMessages.regenerateSucceeded);
    }
  }, [item.id, item.aiGenerationStatus, item.aiGeneratedAt, item.aiGenerationError, notify]);

  function send(body: PublishBody) {
    setBlocked(null);
    setUnderFloor(null);
    publishesStarted.add(item.id);
    tell(
      publish,
      { itemId: item.id, ...body },
      {
        onSuccess: () => setPanel('none'),
        onError: (err) => {
          publishesStarted.delete(item.id);
          const under = underFloorOf(err, () => send({ ...body, confirmUnderFloor: true }));
          if (under) return setUnderFloor(under);
          // A 422 names every readiness error: the agreed alert listing them.
          if (err instanceof ApiError && err.errors.length > 0) setBlocked({ title: err.message, reasons: err.errors });
          else setBlocked({ title: publishAlerts.failed(err.message), reasons: [] });
        },
      },
    );
  }

  /** The publish path: blocked by errors or missing policies; direct with a summary, else the prefilled form. */
  function startPublish() {
    const check = readiness.data;
    if (!check) return;
    if (!check.checklist.hasPolicies) return setBlocked({ title: publishAlerts.policies, reasons: [] });
    if (!canPublishDirectly(item)) {
      setBlocked(null);
      setSettingsReason(publishSettingsReason(item));
      return setPanel('settings');
    }
    if (!check.canPublish) {
      return setBlocked({ title: publishAlerts.invalid, reasons: [...check.errors, ...check.preflight.problems.map((p) => p.message)] });
    }
    setBlocked(null);
    setConfirming(true);
  }

  function confirmDirect() {
    const checked = validatePublishForm(prefillPublishForm(item));
    if (checked.ok) send(checked.body);
    else setBlocked({ title: checked.error, reasons: [] });
  }

  function saveFix(change: QuickFixChange, confirmUnderFloor = false) {
    setFixError(null);
    setUnderFloor(null);
    if (Object.keys(change.fix).length === 0 && change.price === null) return setPanel('none');
    tell(
      quickFix,
      { item, change, confirmUnderFloor },
      {
        onSuccess: () => notify('success', quickFixMessages.saved),
        onError: (err) => {
          const under = underFloorOf(err, () => saveFix(change, true));
          if (under) return setUnderFloor(under);
          setFixError(err instanceof ApiError ? `${quickFixMessages.failed} ${err.message}` : quickFixMessages.failed);
        },
      },
    );
  }

  function save(body: PublishBody) {
    setBlocked(null);
    setUnderFloor(null);
    tell(
      saveSettings,
      { itemId: item.id, ...body },
      {
        onSuccess: () => {
          setSettingsReason(null);
          notify('success', publishAlerts.settingsSaved);
        },
        onError: (err) => {
          const under = underFloorOf(err, () => save({ ...body, confirmUnderFloor: true }));
          if (under) return setUnderFloor(under);
          setBlocked({ title: `Failed to save publish settings: ${err.message}`, reasons: [] });
        },
      },
    );
  }

  const toggle = (next: Panel) => {
    setSettingsReason(null);
    setPanel((current) => (current === next ? 'none' : next));
  };
  const summary = prefillPublishForm(item);
  // The seller's own list prices what has no saved and no AI price (the server's price says so).
  const priced = ebayPriceSourceOf(item);
  const listPriceBasis = priced.source === 'price-list' ? (priced.basis ?? undefined) : undefined;

  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
      data-testid="publish-card"
      data-sku={item.sku}
    >
      <div className="flex gap-3">
        {!listed && (
          <div className="flex shrink-0 items-start pt-1">
            <TouchCheckbox checked={selected} onChange={onToggleSelected} aria-label={`Select ${item.sku}`} />
          </div>
        )}
        <ItemThumbnail item={item} className="size-16 rounded-xl sm:size-20" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-semibold text-slate-900">{item.sku}</span>
            <ItemListingStateBadges item={item} />
            {(item.aiGenerationStatus === 'generating' || item.generationQueued) && <ItemStatusBadge item={item} />}
          </div>
          <p className="text-sm text-slate-700">{item.aiTitle ?? 'No title yet'}</p>
          <p className="text-xs text-slate-500" data-testid="publish-terms">
            Price {money(ebayPriceOf(item))} · Quantity {ebay?.quantity ?? 1}
            {priced.source === 'ai' ? ' (suggested)' : ''}
          </p>
        </div>
      </div>

      {soldOut ? null : checking ? (
        <Spinner className="size-5" label="Checking readiness" />
      ) : !shownReadiness ? (
        <Alert tone="error">Validation failed</Alert>
      ) : (
        <ReadinessPanel
          readiness={shownReadiness}
          published={published}
          ended={status === 'ended'}
          onRegenerate={listed ? undefined : () => setConfirmRegenerate(true)}
          regenerateDisabled={regenerate.isPending || rewriting}
        />
      )}

      {!listed && !checking && (
        <PreflightScores itemId={item.id} itemUpdatedAt={item.updatedAt} connectionVersion={connectionVersion} shown={shownScores} />
      )}

      {status === 'failed' && ebay?.error && (
        <Alert tone="error" title="Failed to publish">
          <span data-testid="publish-error">{ebay.error}</span>
        </Alert>
      )}
      {blocked && (
        <Alert tone="error" title={blocked.title}>
          {blocked.reasons.length > 0 && <LineList lines={blocked.reasons} className="list-disc pl-4" />}
        </Alert>
      )}

      {!checking && (
        <div className="flex flex-wrap items-center gap-2">
          {listed ? (
            // Only a live listing is there to view: an ended or sold one is not "on eBay" any more.
            published &&
            ebay?.listingUrl && (
              <>
                <a
                  href={ebay.listingUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex h-11 items-center rounded-xl bg-emerald-700 px-3 text-sm font-semibold text-white hover:bg-emerald-800 sm:h-9"
                >
                  View on eBay
                </a>
                {/* Marked by where it leads: a listing made on the simulation stays marked once real keys are set. */}
                {isSimulatedListingUrl(ebay.listingUrl) && <SimulatedEbayNote />}
              </>
            )
          ) : (
            <>
              <Button variant="success" size="sm" loading={publishing} disabled={!readiness.data || rewriting} onClick={startPublish}>
                {publishing ? 'Publishing...' : 'Publish to eBay'}
              </Button>
              {simulated && <SimulatedEbayNote />}
            </>
          )}
          {!listed && (
            <Button
              variant="secondary"
              size="sm"
              aria-expanded={panel === 'quick-fix'}
              onClick={() => toggle('quick-fix')}
              disabled={!readiness.data}
            >
              Quick Fix
            </Button>
          )}
          {!listed && (
            <Button
              variant="secondary"
              size="sm"
              loading={regenerate.isPending || rewriting}
              disabled={rewriting}
              onClick={() => setConfirmRegenerate(true)}
            >
              Regenerate with Full Auto-Fill
            </Button>
          )}
          {renderEditDetails && (
            <Button variant="secondary" size="sm" aria-expanded={panel === 'edit'} onClick={() => toggle('edit')}>
              Edit Item Details
            </Button>
          )}
          {!listed && (
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={panel === 'settings'}
              aria-controls={settingsId}
              onClick={() => toggle('settings')}
            >
              Publish Settings {panel === 'settings' ? '▲' : '▼'}
            </Button>
          )}
        </div>
      )}

      {/* Drawn with the readiness and the buttons above it, not before: drawn first, it was pushed 216 px down as they came. */}
      {!soldOut && !checking && <LiveListingPanel item={item} />}
      {soldOut && <BuyerOfferPanel itemId={item.id} sku={item.sku} itemUpdatedAt={item.updatedAt} sold />}

      {panel === 'quick-fix' && readiness.data && (
        <QuickFixForm item={item} readiness={readiness.data} saving={quickFix.isPending} error={fixError} onSave={saveFix} />
      )}
      {panel === 'edit' && renderEditDetails && (
        <div className="rounded-xl bg-slate-50 p-3">{renderEditDetails(item, () => setPanel('none'))}</div>
      )}
      {panel === 'settings' && (
        <div id={settingsId} className="rounded-xl border border-slate-200 p-3">
          <PublishSettingsForm
            sku={item.sku}
            initial={summary}
            priceHint={listPriceBasis}
            publishing={publishing}
            saving={saveSettings.isPending}
            reason={settingsReason}
            categoryOptions={categoryOptionsFor(item, readiness.data)}
            categoryHint={categoryHintFor(item)}
            itemCategory={item.category}
            priceAside={<ComparablesPanel itemId={item.id} itemUpdatedAt={item.updatedAt} />}
            renderFloor={(typedPrice) => (
              <FloorNote itemId={item.id} itemUpdatedAt={item.updatedAt} channel="ebay" typedPrice={typedPrice} />
            )}
            onSave={save}
            onPublish={(body) =>
              readiness.data && !readiness.data.checklist.hasPolicies
                ? setBlocked({ title: publishAlerts.policies, reasons: [] })
                : send(body)
            }
          />
        </div>
      )}

      {underFloor && (
        <UnderFloorConfirm
          underFloor={underFloor}
          busy={saveSettings.isPending || quickFix.isPending || publish.isPending}
          onChange={() => setUnderFloor(null)}
        />
      )}
      <ConfirmDialog
        open={confirmRegenerate}
        onOpenChange={setConfirmRegenerate}
        tone="primary"
        title="Regenerate listing"
        message={
          <span data-testid="regenerate-plan">{regenerateConfirmText(regenerationPlan(item.sellerFields, ebay?.price != null))}</span>
        }
        confirmLabel="Regenerate"
        onConfirm={() => {
          regenerationsStarted.set(item.id, item.aiGeneratedAt);
          tell(
            regenerate,
            { itemId: item.id },
            {
              onError: (err) => {
                regenerationsStarted.delete(item.id);
                notify('error', listingMessages.regenerateFailed(err.message));
              },
            },
          );
        }}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="primary"
        title="Publish to eBay"
        confirmLabel="Publish"
        message={
          <>
            {simulated && <SimulatedEbayNote className="mb-3" />}
            <span className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="publish-summary">
              {summaryRows(item, summary, readiness.data).map(([label, value]) => (
                <span key={label} className="contents">
                  <span className="text-slate-500">{label}</span>
                  <span className="text-slate-900">{value}</span>
                </span>
              ))}
            </span>
          </>
        }
        onConfirm={confirmDirect}
      />
    </li>
  );
}
