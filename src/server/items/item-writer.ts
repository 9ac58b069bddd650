/**
 * The items feature's door to its table for other features (decision 082): `items` is written only by items/repo.ts,
 * which stays private to this folder (decision 068); these are the writes, and the ownership and SKU checks, others call.
 */
export {
  deleteEmptyItemsCreatedBefore,
  deletePastSaleItems,
  existingSkus,
  failOrphanedGenerations,
  insertPastSaleItem,
  insertPastSaleItems,
  ownedItemIds,
  takeCounters,
  updateOwnItems,
  type ItemChange,
} from './repo';
