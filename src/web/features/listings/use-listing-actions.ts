import { useMemo, useState } from 'react';
import type { WritingQuestion } from '@shared/contracts/listings';
import { listingMessages } from '@shared/domain/listing';
import type { Notify } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { useDeleteListing } from './api/delete-listing';
import { useDeleteListings } from './api/delete-listings';
import { useGenerateListings } from './api/generate-listings';
import { useHeldListings } from './api/held-listings';
import { useSaveAspectAnswers } from './api/save-aspect-answers';
import { useRegenerateListing } from '@/entities/items/use-regenerate-listing';
import type { ListingConfirm } from './listing-confirm-dialog';
import type { ItemDetailsActions } from './use-item-details';
import type { GenerationRuns } from './use-generation-runs';

interface ListingActionsOptions {
  startRun: GenerationRuns['start'];
  notify: Notify;
  /** Category, condition and brand of the items, sent with the generate call. */
  detailsOf: ItemDetailsActions['detailsOf'];
  /** The bulk generation was queued: the pending selection is spent. */
  onBulkQueued(): void;
  /** The selected listings were deleted: the completed selection is spent. */
  onBulkDeleted(): void;
}

/**
 * The screen's actions: generate many or one, and, once confirmed, regenerate, delete one, delete many;
 * each starts a followed run or tells the seller how it went.
 */
export function useListingActions({ startRun, notify, detailsOf, onBulkQueued, onBulkDeleted }: ListingActionsOptions) {
  const generate = useGenerateListings();
  const regenerate = useRegenerateListing();
  const deleteOne = useDeleteListing();
  const deleteMany = useDeleteListings();
  const [confirm, setConfirm] = useState<ListingConfirm | null>(null);
  const [singleBusy, setSingleBusy] = useState<string | null>(null);
  const failedToGenerate = (err: Error) => notify('error', listingMessages.generateFailedWith(err.message));
  // Items held until the seller answers a marketplace's question (a size eBay takes none of), kept by the
  // server (decision 116): Generate's answer patches them at once.
  const heldQuery = useHeldListings();
  const held = useMemo(
    () => new Map<string, WritingQuestion[]>((heldQuery.data?.held ?? []).map(({ itemId, questions }) => [itemId, questions])),
    [heldQuery.data],
  );
  const saveAnswers = useSaveAspectAnswers();
  const [answerError, setAnswerError] = useState<{ itemId: string; message: string } | null>(null);

  function generateMany(itemIds: string[]) {
    generate.mutate(
      { itemIds, details: detailsOf(itemIds) },
      {
        onSuccess: (answer) => {
          startRun('batch', [...answer.queued, ...answer.alreadyQueued]);
          onBulkQueued();
        },
        onError: failedToGenerate,
      },
    );
  }

  function generateOne(itemId: string) {
    setSingleBusy(itemId);
    generate.mutate(
      { itemIds: [itemId], details: detailsOf([itemId]) },
      {
        onSuccess: (answer) => {
          startRun('single', [...answer.queued, ...answer.alreadyQueued]);
        },
        onError: failedToGenerate,
        onSettled: () => setSingleBusy(null),
      },
    );
  }

  /** The seller's answer to a held item's question saved (as the review's Quick Fix), then its listing asked again. */
  function answerHeld(itemId: string, aspects: Record<string, string>) {
    setAnswerError(null);
    if (Object.keys(aspects).length === 0) return generateOne(itemId);
    saveAnswers.mutate(
      { itemId, aspects },
      {
        onSuccess: () => generateOne(itemId),
        onError: (err) =>
          setAnswerError({
            itemId,
            message: err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : listingMessages.generateFailed,
          }),
      },
    );
  }

  function runConfirmed() {
    if (!confirm) return;
    if (confirm.kind === 'regenerate') {
      regenerate.mutate(confirm.itemId, {
        onSuccess: () => startRun('regenerate', [confirm.itemId]),
        onError: (err) => notify('error', listingMessages.regenerateFailed(err.message)),
      });
    } else if (confirm.kind === 'delete-one') {
      deleteOne.mutate(confirm.itemId, {
        onSuccess: () => notify('success', listingMessages.deleteOneSucceeded),
        // A listing eBay did not end is kept, and the server says why (409).
        onError: (err) => notify('error', err instanceof ApiError && err.status === 409 ? err.message : listingMessages.deleteOneFailed),
      });
    } else {
      deleteMany.mutate(confirm.itemIds, {
        onSuccess: ({ resetIds, refused }) => {
          if (resetIds.length) notify('success', listingMessages.deleteManySucceeded(resetIds.length));
          for (const kept of refused) notify('error', kept.message);
          onBulkDeleted();
        },
        onError: () => notify('error', listingMessages.deleteManyFailed),
      });
    }
    setConfirm(null);
  }

  return {
    generateMany,
    generateOne,
    /** The bulk button's spinner (a single card's generation spins on its card only). */
    generatingMany: generate.isPending && singleBusy === null,
    singleBusy,
    held,
    answerHeld,
    /** The held item whose answer is being saved, and the last answer that could not be. */
    answering: saveAnswers.isPending ? (saveAnswers.variables?.itemId ?? null) : null,
    answerError,
    deletingMany: deleteMany.isPending,
    confirm,
    ask: setConfirm,
    cancelConfirm: () => setConfirm(null),
    runConfirmed,
  };
}

export type ListingActions = ReturnType<typeof useListingActions>;
