import { useState } from 'react';
import type { GenerateListingsResponse, WritingQuestion } from '@shared/contracts/listings';
import { listingMessages } from '@shared/domain/listing';
import type { Notify } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { useDeleteListing } from './api/delete-listing';
import { useDeleteListings } from './api/delete-listings';
import { useGenerateListings } from './api/generate-listings';
import { useSaveAspectAnswers } from './api/save-aspect-answers';
import { useRegenerateListing } from '../../entities/items/use-regenerate-listing';
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
 * The screen's actions (spec §2, §8): generate many or one, and, once confirmed, regenerate, delete one, delete many;
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
  // Items Generate held until the seller answers a marketplace's question (a size eBay takes none of, issue 46).
  const [held, setHeld] = useState<ReadonlyMap<string, WritingQuestion[]>>(new Map());
  const saveAnswers = useSaveAspectAnswers();
  const [answerError, setAnswerError] = useState<{ itemId: string; message: string } | null>(null);

  /** Held ones keep (or get) their questions; the rest asked for now are no longer held. */
  function noteHeld(asked: string[], answer: GenerateListingsResponse) {
    setHeld((current) => {
      const next = new Map(current);
      for (const itemId of asked) next.delete(itemId);
      for (const { itemId, questions } of answer.held) next.set(itemId, questions);
      return next;
    });
  }

  function generateMany(itemIds: string[]) {
    generate.mutate(
      { itemIds, details: detailsOf(itemIds) },
      {
        onSuccess: (answer) => {
          noteHeld(itemIds, answer);
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
          noteHeld([itemId], answer);
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
