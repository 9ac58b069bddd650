import type { ListingItem, WritingQuestion } from '@shared/contracts/listings';
import { Button } from '@/components/button';
import { SparklesIcon } from '@/components/icons';
import { ItemFacts } from '@/entities/items/item-facts';
import { ItemStatusBadge } from '@/entities/items/item-status-badge';
import { HeldQuestionForm } from './held-question-form';
import { ItemDetailsRow } from './item-details-row';
import { ListingCard, ListingCardPick } from './listing-card';
import type { ItemDetailsActions } from './use-item-details';

/**
 * An item without a finished listing (pending, failed, waiting or generating), compact: its facts, a quick row for
 * category, condition and brand, and Generate Listing.
 */
export function ToGenerateCard({
  item,
  selected,
  onToggle,
  onGenerate,
  busy,
  details,
  held,
}: {
  item: ListingItem;
  selected: boolean;
  onToggle(): void;
  onGenerate(): void;
  busy: boolean;
  details: Pick<ItemDetailsActions, 'note' | 'save'>;
  /** Generate held it until the seller answers: the questions, the answer's progress and its failure. */
  held?: { questions: WritingQuestion[]; busy: boolean; error: string | null; onAnswer(values: Record<string, string>): void };
}) {
  const working = item.aiGenerationStatus === 'generating' || item.generationQueued;
  const selectable = !working;
  const rateLimited = item.aiGenerationStatus === 'pending' && item.aiGenerationError;
  return (
    <ListingCard item={item} selected={selected} className="flex min-w-0 flex-col gap-2 p-3">
      <div className="flex items-center gap-3">
        <ListingCardPick item={item} selected={selected} disabled={!selectable} onToggle={onToggle} />
        <div className="min-w-0 flex-1">
          <ItemFacts item={item} />
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <ItemStatusBadge item={item} />
          {!working && (
            <Button size="sm" onClick={onGenerate} loading={busy} aria-label="Generate Listing">
              {!busy && <SparklesIcon className="size-4" />}
              Generate
            </Button>
          )}
        </div>
      </div>
      <ItemDetailsRow
        item={item}
        disabled={working}
        onChange={(draft) => details.note(item.id, draft)}
        onSave={(draft) => details.save(item.id, draft)}
      />
      {held && !working && (
        <HeldQuestionForm sku={item.sku} questions={held.questions} busy={held.busy} error={held.error} onAnswer={held.onAnswer} />
      )}
      {item.aiGenerationStatus === 'failed' && item.aiGenerationError && (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="generation-error">
          {item.aiGenerationError}
        </p>
      )}
      {rateLimited && <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{item.aiGenerationError}</p>}
      {working && (
        <p className="text-sm text-slate-500">
          {item.aiGenerationStatus === 'generating' ? 'Writing the listing…' : 'Waiting for its turn…'}
        </p>
      )}
    </ListingCard>
  );
}
