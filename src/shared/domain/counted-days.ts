/**
 * The days an item is counted as having tied its cost up, or as having taken to sell: a sale the day the item was
 * bought or went live counts one day, never a fraction of one. Dividing a profit by the minutes between a capture and
 * a same-day sale gave "$13,490.00 per day tied up"; one day gives the profit itself, a figure a seller can act on.
 * What sells (its screen and CSV), the item's days to sale and the plan's drops timed to it all count this way.
 */
export const leastCountedDays = 1;

export const countedDays = (days: number): number => Math.max(leastCountedDays, days);

/** What the screens say of it, once. */
export const sameDayWords = 'A sale the day the item was bought or listed counts as one day.';
