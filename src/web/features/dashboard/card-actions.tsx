import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { ListedItem } from '@shared/contracts/items';
import type { SimulatedSaleOffer } from '@shared/contracts/sales';
import { channelNames, isSoldOut, type AssistedChannel } from '@shared/domain/channel-listing';
import { MenuButton } from '@/components/menu-button';
import { RasterIcon } from '@/components/raster-icon';
import { cn } from '@/lib/cn';
import { usePhoneViewport } from '@/lib/use-phone-viewport';
import type { PhotoAdder } from './product-card-slots';
import { canSimulateSale, SimulateSaleButton } from './simulate-sale-button';

const actionClass =
  'flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600';

/** In the phone's menu an action is a menu item, reached by the arrows rather than by Tab. */
export const menuItemProps = (inMenu: boolean) => (inMenu ? ({ role: 'menuitem', tabIndex: -1 } as const) : {});

/** One action of the card, drawn as a button in the row or as an item of the phone's menu. */
interface CardAction {
  key: string;
  render(inMenu: boolean): ReactNode;
}

export interface CardActionsProps {
  item: ListedItem;
  expanded: boolean;
  photosId: string;
  onToggleExpanded(): void;
  onManagePhotos?: () => void;
  photoAdder?: PhotoAdder;
  onListOn?: (item: ListedItem) => void;
  onAutopilot?: (item: ListedItem) => void;
  /** "Simulate a sale" on each simulated channel that offers it (the web channel registry's, passed by the app). */
  simulatedSales?: readonly SimulatedSaleOffer[];
  /** The assisted channels the item is live on, each with "Sold on ..." when the app records such sales. */
  soldOn?: { channels: AssistedChannel[]; open(channel: AssistedChannel): void };
  onDelete(item: ListedItem): void;
}

/** "Show all 0 photos" read oddly on a product made through the API without photos. */
const showPhotosLabel = (count: number) => (count === 1 ? 'Show photo' : count === 0 ? 'Show photos' : `Show all ${count} photos`);

/** Sent to a marketplace: a listing on its way there or live, or one that was (ended, sold). */
const isPublished = (item: ListedItem) => item.listings.some((listing) => listing.status !== 'draft' && listing.status !== 'failed');

/** On a phone this many actions stay buttons (the most used come first); the rest go in "More actions for <SKU>". */
export const PHONE_BUTTONS = 2;

/**
 * The card's actions: every one in a row on a wider screen; on a phone the two most used (the photos and
 * "List on...") and a menu with the rest, so that a long list of cards scrolls less.
 */
export function CardActions(props: CardActionsProps) {
  const phone = usePhoneViewport();
  const actions = cardActions(props);
  if (!phone) {
    const order = ['photos', 'manage', 'add', 'listOn', 'autopilot', 'simulate', 'soldOn', 'delete'];
    const sorted = [...actions].sort((a, b) => order.indexOf(a.key.split(':')[0]!) - order.indexOf(b.key.split(':')[0]!));
    return <ActionRow>{sorted.map((action) => action.render(false))}</ActionRow>;
  }
  // A menu of one item would only hide it.
  const shown = actions.length <= PHONE_BUTTONS + 1 ? actions : actions.slice(0, PHONE_BUTTONS);
  const rest = actions.slice(shown.length);
  return (
    <ActionRow>
      {shown.map((action) => action.render(false))}
      {rest.length > 0 && (
        <MenuButton
          label={`More actions for ${props.item.sku}`}
          trigger={<span aria-hidden="true">More</span>}
          className={cn(actionClass, 'ml-auto min-h-11 px-3 text-slate-700 hover:bg-slate-100')}
        >
          {rest.map((action) => action.render(true))}
        </MenuButton>
      )}
    </ActionRow>
  );
}

function ActionRow({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-x-1 gap-y-1 border-t border-slate-100 px-3 py-2">{children}</div>;
}

/** The item's actions, most used first (the phone's order). */
function cardActions({
  item,
  expanded,
  photosId,
  onToggleExpanded,
  onManagePhotos,
  photoAdder,
  onListOn,
  onAutopilot,
  simulatedSales,
  soldOn,
  onDelete,
}: CardActionsProps): CardAction[] {
  const actions: CardAction[] = [
    buttonAction('photos', {
      'aria-expanded': expanded,
      'aria-controls': photosId,
      onClick: onToggleExpanded,
      children: expanded ? 'Hide photos' : showPhotosLabel(item.photoCount),
    }),
  ];
  if (onListOn && !isSoldOut(item.listings))
    actions.push(buttonAction('listOn', { onClick: () => onListOn(item), 'aria-label': `List on... ${item.sku}`, children: 'List on...' }));
  // Once published (live, or on its way, on a marketplace) there is nothing left for "Publish when ready" to do.
  if (onAutopilot && !item.sale && !isPublished(item))
    actions.push(
      buttonAction('autopilot', {
        onClick: () => onAutopilot(item),
        'aria-label': `Publish when ready: ${item.sku}`,
        children: 'Publish when ready',
      }),
    );
  if (onManagePhotos && item.photoCount > 0)
    actions.push(
      buttonAction('manage', {
        onClick: onManagePhotos,
        'aria-label': `Manage photos of ${item.sku}`,
        children: (
          <>
            <RasterIcon name="images-indigo-700" /> Manage Photos
          </>
        ),
      }),
    );
  if (photoAdder)
    actions.push({ key: 'add', render: (inMenu) => <PhotoAdderSlot key="add" adder={photoAdder} item={item} inMenu={inMenu} /> });
  for (const offer of simulatedSales ?? [])
    if (canSimulateSale(item, offer))
      actions.push({
        key: `simulate:${offer.channel}`,
        render: (inMenu) => <SimulateSaleButton key={`simulate:${offer.channel}`} item={item} inMenu={inMenu} offer={offer} />,
      });
  for (const channel of soldOn?.channels ?? [])
    actions.push(
      buttonAction(`soldOn:${channel}`, {
        onClick: () => soldOn?.open(channel),
        'aria-label': `Sold on ${channelNames[channel]}: ${item.sku}`,
        className:
          'rounded-lg px-2 py-1.5 text-sm font-semibold text-violet-700 hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-violet-600',
        children: `Sold on ${channelNames[channel]}`,
      }),
    );
  actions.push({
    key: 'delete',
    render: (inMenu) => (
      <button
        key="delete"
        type="button"
        {...menuItemProps(inMenu)}
        onClick={() => onDelete(item)}
        aria-label={`Delete product ${item.sku}`}
        className={cn(
          'flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-semibold text-red-600 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600',
          !inMenu && 'ml-auto',
        )}
      >
        <RasterIcon name="trash-red-600" /> Delete
      </button>
    ),
  });
  return actions;
}

/** An action that is one button of the card's colour (or `className`'s): its words, what a tap does, its name. */
function buttonAction(key: string, button: ButtonHTMLAttributes<HTMLButtonElement>): CardAction {
  return { key, render: (inMenu) => <button key={key} type="button" {...menuItemProps(inMenu)} className={actionClass} {...button} /> };
}

function PhotoAdderSlot({ adder, item, inMenu }: { adder: PhotoAdder; item: ListedItem; inMenu: boolean }) {
  return <>{adder({ itemId: item.id, sku: item.sku, inMenu })}</>;
}
