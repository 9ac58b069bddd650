import { Button } from '@/components/button';
import { SparklesIcon } from '@/components/icons';
import { heldQuestionWords } from './held-question-form';
import { plural } from './listing-groups';
import { ListingSection } from './listing-section';
import { SelectableCards } from './selectable-cards';
import { SelectAllBar } from './select-all-bar';
import { ToGenerateCard } from './to-generate-card';
import type { ListingActions } from './use-listing-actions';
import type { ItemDetailsActions } from './use-item-details';
import type { ListingGroup } from './use-listing-group';

/** "To generate": pending and failed items, picked for a bulk generation or generated one by one. */
export function ToGenerateSection({
  group: { items, selection },
  actions,
  details,
}: {
  group: ListingGroup;
  actions: ListingActions;
  details: ItemDetailsActions;
}) {
  const count = selection.selected.size;
  // Held ones first (decision 116): the seller answers them before anything else is written.
  const heldCount = items.filter((item) => actions.held.has(item.id)).length;
  const ordered = heldCount ? [...items].sort((a, b) => Number(actions.held.has(b.id)) - Number(actions.held.has(a.id))) : items;
  return (
    <ListingSection id="to-generate-heading" title="To generate" count={items.length} emptyText="Every item has a listing.">
      <SelectAllBar
        label="pending or failed"
        total={selection.total}
        selected={count}
        onToggleAll={selection.setAll}
        testId="select-bar-pending"
      >
        <Button onClick={() => actions.generateMany([...selection.selected])} disabled={count === 0} loading={actions.generatingMany}>
          {!actions.generatingMany && <SparklesIcon className="size-4" />}
          Generate {plural(count, 'Listing')}
        </Button>
      </SelectAllBar>
      {heldCount > 0 && (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-200" data-testid="held-count">
          {heldQuestionWords.heldCount(heldCount)}
        </p>
      )}
      <SelectableCards items={ordered} selection={selection} className="grid items-start gap-2 sm:gap-3 lg:grid-cols-2">
        {(item, picked) => (
          <ToGenerateCard
            item={item}
            {...picked}
            onGenerate={() => actions.generateOne(item.id)}
            busy={actions.singleBusy.has(item.id)}
            details={details}
            held={heldOf(actions, item.id)}
          />
        )}
      </SelectableCards>
    </ListingSection>
  );
}

/** The card's question while Generate holds the item, with its answer's progress. */
function heldOf(actions: ListingActions, itemId: string) {
  const questions = actions.held.get(itemId);
  if (!questions) return undefined;
  return {
    questions,
    busy: actions.answering === itemId || actions.singleBusy.has(itemId),
    error: actions.answerError?.itemId === itemId ? actions.answerError.message : null,
    onAnswer: (values: Record<string, string>) => actions.answerHeld(itemId, values),
  };
}
