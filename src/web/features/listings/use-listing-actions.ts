import { useMemo, useState } from 'react';
import type { GenerateListingsBody, GenerateListingsResponse, WritingQuestion } from '@shared/contracts/listings';
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
  const [confirm, setConfirm] = useState<ListingConfirm | null>(null);
  /** The cards whose own Generate is under way (each spins until its answer). */
  const [singleBusy, setSingleBusy] = useState<ReadonlySet<string>>(new Set());
  const failedToGenerate = (err: Error) => notify('error', listingMessages.generateFailedWith(err.message));
  // What each action tells the seller goes to its mutation (Told): two cards' Generate, or two deletes, confirmed before
  // the first answers each say how they went and start their run.
  const queued = (answer: GenerateListingsResponse) => [...answer.queued, ...answer.alreadyQueued];
  const generateBatch = useGenerateListings({
    onSuccess: (answer) => {
      startRun('batch', queued(answer));
      onBulkQueued();
    },
    onError: failedToGenerate,
  });
  const singleDone = ({ itemIds }: GenerateListingsBody) =>
    setSingleBusy((busy) => new Set([...busy].filter((id) => !itemIds.includes(id))));
  const generateSingle = useGenerateListings({
    onSuccess: (answer, body) => {
      singleDone(body);
      startRun('single', queued(answer));
    },
    onError: (err, body) => {
      singleDone(body);
      failedToGenerate(err);
    },
  });
  const regenerate = useRegenerateListing({
    onSuccess: (_answer, { itemId }) => startRun('regenerate', [itemId]),
    onError: (err) => notify('error', listingMessages.regenerateFailed(err.message)),
  });
  const deleteOne = useDeleteListing({
    onSuccess: () => notify('success', listingMessages.deleteOneSucceeded),
    // A listing eBay did not end is kept, and the server says why (409).
    onError: (err) => notify('error', err instanceof ApiError && err.status === 409 ? err.message : listingMessages.deleteOneFailed),
  });
  const deleteMany = useDeleteListings({
    onSuccess: ({ resetIds, refused }) => {
      if (resetIds.length) notify('success', listingMessages.deleteManySucceeded(resetIds.length));
      for (const kept of refused) notify('error', kept.message);
      onBulkDeleted();
    },
    onError: () => notify('error', listingMessages.deleteManyFailed),
  });
  // Items held until the seller answers a marketplace's question (a size eBay takes none of), kept by the
  // server (decision 116): Generate's answer patches them at once.
  const heldQuery = useHeldListings();
  const held = useMemo(
    () => new Map<string, WritingQuestion[]>((heldQuery.data?.held ?? []).map(({ itemId, questions }) => [itemId, questions])),
    [heldQuery.data],
  );
  const [answerError, setAnswerError] = useState<{ itemId: string; message: string } | null>(null);
  const saveAnswers = useSaveAspectAnswers({
    onSuccess: (_answer, { itemId }) => generateOne(itemId),
    onError: (err, { itemId }) =>
      setAnswerError({
        itemId,
        message: err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : listingMessages.generateFailed,
      }),
  });

  function generateMany(itemIds: string[]) {
    generateBatch.mutate({ itemIds, details: detailsOf(itemIds) });
  }

  function generateOne(itemId: string) {
    setSingleBusy((busy) => new Set([...busy, itemId]));
    generateSingle.mutate({ itemIds: [itemId], details: detailsOf([itemId]) });
  }

  /** The seller's answer to a held item's question saved (as the review's Quick Fix), then its listing asked again. */
  function answerHeld(itemId: string, aspects: Record<string, string>) {
    setAnswerError(null);
    if (Object.keys(aspects).length === 0) return generateOne(itemId);
    saveAnswers.mutate({ itemId, aspects });
  }

  function runConfirmed() {
    if (!confirm) return;
    // The card's category, condition and brand go with it: one set a moment before the tap may still be on its way.
    if (confirm.kind === 'regenerate') {
      const [{ itemId, ...details } = { itemId: confirm.itemId }] = detailsOf([confirm.itemId]);
      regenerate.mutate({ itemId, details });
    } else if (confirm.kind === 'delete-one') deleteOne.mutate(confirm.itemId);
    else deleteMany.mutate(confirm.itemIds);
    setConfirm(null);
  }

  return {
    generateMany,
    generateOne,
    /** The bulk button's spinner (a single card's generation spins on its card only). */
    generatingMany: generateBatch.isPending,
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
