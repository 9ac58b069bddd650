/**
 * getOrders' query as the Fulfillment contract describes it, and its documented errors: the filter's criteria
 * (creationdate and lastmodifieddate `[from..]` or `[from..to]`, orderfulfillmentstatus `{A|B}`; 30700 an unknown
 * name, 30800 a value of the wrong shape, 30810-30850 the dates), orderIds (at most 50: 30900), limit (31100),
 * offset (31000) and fieldGroups (TAX_BREAKDOWN only: 32800, getOrder too).
 */
import { ebayError, type FakeAnswer } from './fake-ebay-errors';
import type { FakeOrder } from './fake-ebay-state';

const fulfillmentError = (errorId: number, message: string, name: string, value: string) =>
  ebayError(400, errorId, message, { domain: 'API_FULFILLMENT', parameters: [{ name, value }] });

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;
/** "getOrders can return orders up to two years old." */
const ALLOWED_YEARS = 2;
/** A clock a minute ahead of eBay's is not "in the future". */
const CLOCK_SKEW_MS = 60_000;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const FULFILLMENT_SETS = ['NOT_STARTED|IN_PROGRESS', 'IN_PROGRESS|NOT_STARTED', 'FULFILLED|IN_PROGRESS', 'IN_PROGRESS|FULFILLED'];

export type OrderQuery = { orderIds?: string[]; keep: (order: FakeOrder) => boolean; limit: number; offset: number };

export function fieldGroupsProblem(query: URLSearchParams): FakeAnswer | null {
  const groups = query.get('fieldGroups');
  const bad = groups?.split(',').find((group) => group !== 'TAX_BREAKDOWN');
  return bad === undefined ? null : fulfillmentError(32800, `Invalid field group: ${bad}`, 'fieldGroups', groups!);
}

function dateCriterion(name: string, value: string, now: number): FakeAnswer | ((at: number) => boolean) {
  const match = /^\[([^\]]*?)\.\.([^\]]*)\]$/.exec(value);
  if (!match) return fulfillmentError(30800, `Invalid filter value ${value} for filter ${name}`, 'filter', value);
  const [, start, end] = match as unknown as [string, string, string];
  if (!start) return fulfillmentError(30820, 'Start date is missing', 'filter', value);
  if (!ISO.test(start) || (end && !ISO.test(end)) || isNaN(Date.parse(start)) || (end && isNaN(Date.parse(end))))
    return fulfillmentError(30810, 'Invalid date format', 'filter', value);
  const from = Date.parse(start);
  const to = end ? Date.parse(end) : now;
  if (from > now + CLOCK_SKEW_MS || to > now + CLOCK_SKEW_MS)
    return fulfillmentError(30850, "Start and end dates can't be in the future", 'filter', value);
  if (from > to) return fulfillmentError(30840, 'Start date should be before end date', 'filter', value);
  if (to - from > ALLOWED_YEARS * YEAR_MS)
    return fulfillmentError(30830, `Time range between start date and end date must be within '${ALLOWED_YEARS}' years.`, 'filter', value);
  return (at) => at >= from && at <= to;
}

/** The query's criteria, or the error eBay answers for it. */
export function orderQuery(query: URLSearchParams, now = Date.now()): OrderQuery | FakeAnswer {
  const groups = fieldGroupsProblem(query);
  if (groups) return groups;
  const limitText = query.get('limit') ?? '50';
  const limit = Number(limitText);
  // The contract: "If a requested limit is more than 200, the call fails and returns an error."
  if (!/^\d+$/.test(limitText) || limit < 1 || limit > 200)
    return fulfillmentError(31100, `Invalid limit: ${limitText}`, 'limit', limitText);
  const offsetText = query.get('offset') ?? '0';
  if (!/^\d+$/.test(offsetText)) return fulfillmentError(31000, `Invalid offset: ${offsetText}`, 'offset', offsetText);
  const offset = Number(offsetText);
  const ids = query.get('orderIds');
  if (ids !== null) {
    const orderIds = ids.split(',').filter(Boolean);
    if (orderIds.length > 50)
      return fulfillmentError(30900, 'Exceeded maximum number of order IDs (the current limit is 50)', 'orderIds', String(orderIds.length));
    // "If one or more order ID values are specified through the orderIds query parameter, all other query parameters will be ignored."
    return { orderIds, keep: (order) => orderIds.includes(order.orderId), limit: 50, offset: 0 };
  }
  const tests: ((order: FakeOrder) => boolean)[] = [];
  for (const criterion of (query.get('filter') ?? '').split(/,(?![^[{]*[\]}])/).filter((c) => c.trim())) {
    const [name, ...rest] = criterion.trim().split(':');
    const value = rest.join(':');
    if (name === 'creationdate' || name === 'lastmodifieddate') {
      const within = dateCriterion(name, value, now);
      if (typeof within !== 'function') return within;
      tests.push((order) => within(name === 'creationdate' ? order.createdAt : order.lastModifiedAt));
    } else if (name === 'orderfulfillmentstatus') {
      if (!FULFILLMENT_SETS.includes(value.replace(/^\{|\}$/g, '')) || !/^\{.*\}$/.test(value))
        return fulfillmentError(30800, `Invalid filter value ${value} for filter ${name}`, 'filter', value);
      const statuses = value.slice(1, -1).split('|');
      tests.push((order) => statuses.includes(order.fulfillmentStatus));
    } else {
      return fulfillmentError(30700, `Invalid filter name: ${name}`, 'filter', criterion);
    }
  }
  return { keep: (order) => tests.every((test) => test(order)), limit, offset };
}
