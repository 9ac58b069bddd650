import type { ListedItem } from '@shared/contracts/items';
import { DashboardView } from '../features/dashboard/dashboard-view';
import { ItemProfitButton } from '../features/sales/item-profit-button';
import { photoAdder, photoManager } from './photo-slots';

/** The dashboard with the photos feature's Manage Photos and Add photos in its product cards. */
export function DashboardPage() {
  return <DashboardView photoManager={photoManager} photoAdder={photoAdder} itemProfit={itemProfit} />;
}

const itemProfit = (item: ListedItem) => <ItemProfitButton item={item} />;
