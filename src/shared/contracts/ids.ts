const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row's id as the database makes it: a uuid (any case). Anything else names no row, and never reaches a query. */
export const isUuid = (id: string): boolean => uuidPattern.test(id);
