import { sql } from 'drizzle-orm';
import { itemImages, items } from '../db/schema';

/** The item's first photo's thumbnail (by position, then the older), read beside each item of a list in one statement. */
export const firstThumbPathSql = sql<string | null>`(select ${itemImages.thumbPath} from ${itemImages}
  where ${itemImages.itemId} = ${items.id} and ${itemImages.userId} = ${items.userId}
  order by ${itemImages.order}, ${itemImages.createdAt} limit 1)`;
