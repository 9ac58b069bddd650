import { cardPublishStateOf } from '@shared/contracts/marketplace-registry';
import { Button } from '@/components/button';
import { TrashIcon } from '@/components/icons';
import { CompletedListingCard, type PhotoManager } from './completed-listing-card';
import { plural } from './listing-groups';
import { ListingSection } from './listing-section';
import { SelectableCards } from './selectable-cards';
import { SelectAllBar } from './select-all-bar';
import type { ListingActions } from './use-listing-actions';
import type { ItemDetailsActions } from './use-item-details';
import type { ListingGroup } from './use-listing-group';
import { regenerationPlan } from '@shared/domain/seller-fields';
import { endsListingsOf } from '@shared/domain/delete-ends-listings';

interface CompletedSectionProps {
  group: ListingGroup;
  actions: ListingActions;
  photoManager?: PhotoManager;
  details: ItemDetailsActions;
}

/** "Completed listings": review, edit, regenerate, delete one, or pick many to delete. */
export function CompletedSection({ group: { items, selection }, actions, photoManager, details }: CompletedSectionProps) {
  const count = selection.selected.size;
  return (
    <ListingSection
      id="completed-heading"
      title="Completed listings"
      count={items.length}
      emptyText="Generated listings appear here for review."
    >
      <SelectAllBar label="completed" total={selection.total} selected={count} onToggleAll={selection.setAll} testId="select-bar-completed">
        {/* Only once something is picked, and quiet: deleting is never the screen's main action. */}
        {(count > 0 || actions.deletingMany) && (
          <Button
            variant="secondary"
            size="sm"
            className="text-red-700"
            loading={actions.deletingMany}
            onClick={() =>
              actions.ask({
                kind: 'delete-many',
                itemIds: [...selection.selected],
                endsListings: endsListingsOf(items.filter((i) => selection.selected.has(i.id))),
              })
            }
          >
            {!actions.deletingMany && <TrashIcon className="size-4" />}
            Delete {plural(count, 'Listing')}
          </Button>
        )}
      </SelectAllBar>
      <SelectableCards items={items} selection={selection} className="flex flex-col gap-2">
        {(item, picked) => (
          <CompletedListingCard
            item={item}
            {...picked}
            onRegenerate={() =>
              actions.ask({
                kind: 'regenerate',
                itemId: item.id,
                plan: regenerationPlan(item.sellerFields, cardPublishStateOf(item)?.state.price != null),
              })
            }
            onDelete={() => actions.ask({ kind: 'delete-one', itemId: item.id, endsListings: endsListingsOf([item]) })}
            photoManager={photoManager}
            details={details}
          />
        )}
      </SelectableCards>
    </ListingSection>
  );
}
