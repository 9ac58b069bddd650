import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ListingItem } from '../../../shared/contracts/listings';
import { listingMessages } from '../../../shared/domain/listing';
import { paths } from '../../app/config/paths';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { BoxIcon, SparklesIcon, TrashIcon } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { ViewHeader } from '../../components/view-header';
import { useDeleteListing } from './api/delete-listing';
import { useDeleteListings } from './api/delete-listings';
import { useGenerateListings } from './api/generate-listings';
import { useListingEvents } from './api/listing-events';
import { useListings } from './api/listings';
import { useRegenerateListing } from './api/regenerate-listing';
import { CompletedListingCard } from './completed-listing-card';
import { GenerationProgress } from './generation-progress';
import { NoticeStack } from './notice-stack';
import { SelectAllBar } from './select-all-bar';
import { ToGenerateCard } from './to-generate-card';
import { useGenerationRuns } from './use-generation-runs';
import { useNotices } from './use-notices';
import { useSelection } from './use-selection';

type Confirm = { kind: 'delete-one'; itemId: string } | { kind: 'regenerate'; itemId: string } | { kind: 'delete-many'; itemIds: string[] };

/** Items whose listing is shown as finished (a regeneration in progress keeps the old one on screen). */
const hasListing = (item: ListingItem) => item.aiGenerationStatus === 'completed' || (item.aiGenerationStatus === 'generating' && item.aiTitle !== null);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export interface ListingsViewProps {
  /** The Manage Photos dialog (composed by the app from the photos feature, when there is one). */
  photoManager?: (props: { itemId: string; open: boolean; onOpenChange(open: boolean): void }) => ReactNode;
}

/** Generate Listings (spec §2): generate, follow, review, edit, regenerate and delete AI listings. */
export function ListingsView({ photoManager }: ListingsViewProps) {
  const navigate = useNavigate();
  const { notices, notify, dismiss } = useNotices();
  const events = useListingEvents();
  const [pollWhileRunning, setPollWhileRunning] = useState(false);
  const listings = useListings({ pollMs: pollWhileRunning && !events.connected ? 3000 : false });
  const items = listings.items;
  const onRunEnd = useCallback((m: { tone: 'success' | 'error'; text: string }) => notify(m.tone, m.text), [notify]);
  const runs = useGenerationRuns(items, listings.isSuccess && !listings.hasNextPage, onRunEnd);
  if (runs.active !== pollWhileRunning) setPollWhileRunning(runs.active);

  const toGenerate = useMemo(() => items.filter((i) => !hasListing(i)), [items]);
  const completed = useMemo(() => items.filter(hasListing), [items]);
  const pendingSelectable = useMemo(() => toGenerate.filter((i) => i.aiGenerationStatus !== 'generating' && !i.generationQueued).map((i) => i.id), [toGenerate]);
  const completedSelectable = useMemo(() => completed.filter((i) => i.aiGenerationStatus === 'completed' && !i.generationQueued).map((i) => i.id), [completed]);
  const pendingSelection = useSelection(pendingSelectable);
  const completedSelection = useSelection(completedSelectable);

  const generate = useGenerateListings();
  const regenerate = useRegenerateListing();
  const deleteOne = useDeleteListing();
  const deleteMany = useDeleteListings();
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [singleBusy, setSingleBusy] = useState<string | null>(null);

  function generateSelected() {
    const ids = [...pendingSelection.selected];
    generate.mutate(ids, {
      onSuccess: (answer) => {
        runs.start('batch', [...answer.queued, ...answer.alreadyQueued]);
        pendingSelection.clear();
      },
      onError: (err) => notify('error', listingMessages.generateFailedWith(err.message)),
    });
  }

  function generateOne(itemId: string) {
    setSingleBusy(itemId);
    generate.mutate([itemId], {
      onSuccess: () => runs.start('single', [itemId]),
      onError: (err) => notify('error', listingMessages.generateFailedWith(err.message)),
      onSettled: () => setSingleBusy(null),
    });
  }

  function confirmed() {
    if (!confirm) return;
    if (confirm.kind === 'regenerate') {
      regenerate.mutate(confirm.itemId, {
        onSuccess: () => runs.start('regenerate', [confirm.itemId]),
        onError: (err) => notify('error', listingMessages.regenerateFailed(err.message)),
      });
    } else if (confirm.kind === 'delete-one') {
      deleteOne.mutate(confirm.itemId, {
        onSuccess: () => notify('success', listingMessages.deleteOneSucceeded),
        onError: () => notify('error', listingMessages.deleteOneFailed),
      });
    } else {
      const count = confirm.itemIds.length;
      deleteMany.mutate(confirm.itemIds, {
        onSuccess: () => {
          notify('success', listingMessages.deleteManySucceeded(count));
          completedSelection.clear();
        },
        onError: () => notify('error', listingMessages.deleteManyFailed),
      });
    }
    setConfirm(null);
  }

  const header = <ViewHeader title="Generate Listings" subtitle="AI writes titles, descriptions and prices from your photos." />;

  if (listings.isPending) {
    return (
      <div>
        {header}
        <div className="flex justify-center py-16 text-indigo-600">
          <Spinner className="size-7" label="Loading items" />
        </div>
      </div>
    );
  }

  const selectedPending = pendingSelection.selected.size;
  const selectedCompleted = completedSelection.selected.size;

  return (
    <div>
      {header}
      <NoticeStack notices={notices} onDismiss={dismiss} />
      {listings.isError && <Alert tone="error" className="mb-4">{listings.error.message}</Alert>}

      {items.length === 0 && !listings.isError ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center" data-testid="listings-empty">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
            <BoxIcon className="size-7" />
          </span>
          <p className="text-base font-semibold text-slate-800">No items yet</p>
          <p className="max-w-sm text-sm text-slate-500">Photograph a product first; its listing is written here.</p>
          <Button onClick={() => navigate(paths.dashboard)}>Go to Dashboard</Button>
        </Card>
      ) : (
        <div className="flex flex-col gap-8">
          {runs.batchProgress && !runs.batchProgress.finished && <GenerationProgress progress={runs.batchProgress} />}

          <section aria-labelledby="to-generate-heading" className="flex flex-col gap-3">
            <h2 id="to-generate-heading" className="flex items-baseline gap-2 text-lg font-semibold text-slate-900">
              To generate <span className="text-sm font-normal text-slate-500">({toGenerate.length})</span>
            </h2>
            {toGenerate.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">Every item has a listing.</p>
            ) : (
              <>
                <SelectAllBar label="pending or failed" total={pendingSelection.total} selected={selectedPending} onToggleAll={pendingSelection.setAll} testId="select-bar-pending">
                  <Button onClick={generateSelected} disabled={selectedPending === 0} loading={generate.isPending && singleBusy === null}>
                    {!(generate.isPending && singleBusy === null) && <SparklesIcon className="size-4" />}
                    Generate {plural(selectedPending, 'Listing')}
                  </Button>
                </SelectAllBar>
                <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {toGenerate.map((item) => (
                    <ToGenerateCard
                      key={item.id}
                      item={item}
                      selected={pendingSelection.selected.has(item.id)}
                      onToggle={() => pendingSelection.toggle(item.id)}
                      onGenerate={() => generateOne(item.id)}
                      busy={singleBusy === item.id}
                    />
                  ))}
                </ul>
              </>
            )}
          </section>

          <section aria-labelledby="completed-heading" className="flex flex-col gap-3">
            <h2 id="completed-heading" className="flex items-baseline gap-2 text-lg font-semibold text-slate-900">
              Completed listings <span className="text-sm font-normal text-slate-500">({completed.length})</span>
            </h2>
            {completed.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">Generated listings appear here for review.</p>
            ) : (
              <>
                <SelectAllBar label="completed" total={completedSelection.total} selected={selectedCompleted} onToggleAll={completedSelection.setAll} testId="select-bar-completed">
                  <Button
                    variant="danger"
                    disabled={selectedCompleted === 0}
                    loading={deleteMany.isPending}
                    onClick={() => setConfirm({ kind: 'delete-many', itemIds: [...completedSelection.selected] })}
                  >
                    {!deleteMany.isPending && <TrashIcon className="size-4" />}
                    Delete {plural(selectedCompleted, 'Listing')}
                  </Button>
                </SelectAllBar>
                <ul className="flex flex-col gap-4">
                  {completed.map((item) => (
                    <CompletedListingCard
                      key={item.id}
                      item={item}
                      selected={completedSelection.selected.has(item.id)}
                      onToggle={() => completedSelection.toggle(item.id)}
                      onRegenerate={() => setConfirm({ kind: 'regenerate', itemId: item.id })}
                      onDelete={() => setConfirm({ kind: 'delete-one', itemId: item.id })}
                      photoManager={photoManager}
                    />
                  ))}
                </ul>
              </>
            )}
          </section>
        </div>
      )}

      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm?.kind === 'regenerate' ? 'Regenerate listing?' : confirm?.kind === 'delete-many' ? 'Delete listings?' : 'Delete listing?'}
        message={
          confirm?.kind === 'regenerate'
            ? listingMessages.regenerateConfirm
            : confirm?.kind === 'delete-many'
              ? listingMessages.deleteManyConfirm(confirm.itemIds.length)
              : listingMessages.deleteOneConfirm
        }
        confirmLabel={confirm?.kind === 'regenerate' ? 'Regenerate' : 'Delete'}
        tone={confirm?.kind === 'regenerate' ? 'primary' : 'danger'}
        onConfirm={confirmed}
      />
    </div>
  );
}
