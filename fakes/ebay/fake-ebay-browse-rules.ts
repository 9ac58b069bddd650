/**
 * What Browse's search and searchByImage refuse in their query, as the contract's x-response-codes word it: paging
 * (12004-12007, 12029, 12515), sort (12008), categories (12009, 12030), fieldgroups (12016), the aspect filter without
 * its category (12017), epid and gtin (12021, 12022), charities (12024, 12025), auto_correct (12027), a one-letter q
 * searched in descriptions (12516), the marketplace (12019), delivery and location filters (12507, 12517), sellers
 * (12032). What eBay ignores and says so comes back as warnings: conditionIds (12520), price without its currency
 * (12012), a postal code without its country (12011), local pickup short of its four filters (12010).
 */
import { ebayError, type FakeAnswer } from './fake-ebay-errors';

export type BrowseWarning = { errorId: number; domain: string; category: string; message: string };

const browseError = (status: number, errorId: number, message: string) =>
  ebayError(status, errorId, message, { domain: 'API_BROWSE', category: status === 409 ? 'BUSINESS' : 'REQUEST' });

const SORTS = ['price', '-price', 'distance', 'newlyListed', 'endingSoonest'];
const FIELDGROUPS = [
  'MATCHING_ITEMS',
  'ASPECT_REFINEMENTS',
  'BUYING_OPTION_REFINEMENTS',
  'CATEGORY_REFINEMENTS',
  'CONDITION_REFINEMENTS',
  'EXTENDED',
  'FULL',
];
/** Browse's marketplaces (the Buy APIs' supported list). */
const MARKETPLACES =
  'EBAY_AT EBAY_AU EBAY_BE EBAY_CA EBAY_CH EBAY_DE EBAY_ES EBAY_FR EBAY_GB EBAY_HK EBAY_IE EBAY_IT EBAY_MY EBAY_NL EBAY_PH EBAY_PL EBAY_SG EBAY_US'.split(
    ' ',
  );

/** `name:value` criteria of a filter; commas inside braces or brackets do not split. */
export function filterCriteria(filter: string | null): Map<string, string> {
  return new Map(
    (filter ?? '')
      .split(/,(?![^[{]*[\]}])/)
      .filter((c) => c.trim())
      .map((c) => [c.trim().slice(0, c.trim().indexOf(':')), c.trim().slice(c.trim().indexOf(':') + 1)] as const),
  );
}

export function browseQueryProblem(query: URLSearchParams, marketplaceId: string | undefined): FakeAnswer | null {
  if (marketplaceId && !MARKETPLACES.includes(marketplaceId))
    return browseError(
      409,
      12019,
      `Currently, the ${marketplaceId} marketplace is not supported. The supported Marketplaces are: ${MARKETPLACES.join(', ')} .`,
    );
  const limitText = query.get('limit') ?? '50';
  if (!/^-?\d+$/.test(limitText)) return browseError(400, 12007, "The 'limit' value must be an integer value.");
  const limit = Number(limitText);
  if (limit < 1 || limit > 200) return browseError(400, 12006, "The 'limit' value should be between 1 and 200 (inclusive).");
  const offsetText = query.get('offset') ?? '0';
  if (!/^-?\d+$/.test(offsetText)) return browseError(400, 12005, "The 'offset' value must be an integer.");
  const offset = Number(offsetText);
  if (offset < 0) return browseError(400, 12004, "The 'offset' value cannot be negative.");
  if (offset >= 10_000)
    return browseError(
      400,
      12029,
      'The maximum number of listings that can be retrieved is 10,000, so your offset value must be less than 10,000.',
    );
  if (offset % limit !== 0) return browseError(400, 12515, "The 'offset' value must be either zero or a multiple of the 'limit' value.");
  const sort = query.get('sort');
  if (sort !== null && !SORTS.includes(sort))
    return browseError(400, 12008, "The 'sort' value is invalid. For the valid values, refer to the API call documentation.");
  const categories = query.get('category_ids');
  if (categories !== null) {
    const ids = categories.split(',');
    if (ids.some((id) => !/^\d+$/.test(id.trim()))) return browseError(400, 12009, "The 'category_ids' query parameter is invalid.");
    // category_ids: "Currently, you can pass in only one category ID per request."
    if (ids.length > 1)
      return browseError(
        400,
        12030,
        'The number of categories in the request has exceeded the limit. Please reduce the number of categories to 1 or less.',
      );
  }
  const groups = query.get('fieldgroups');
  const badGroup = groups?.split(',').find((g) => !FIELDGROUPS.includes(g));
  if (badGroup !== undefined)
    return browseError(
      400,
      12016,
      `The 'fieldgroups' value ${badGroup} is invalid. For the valid values, refer to the API call reference documentation`,
    );
  const aspects = query.get('aspect_filter');
  if (aspects !== null && !/(^|,)categoryId:\d+/.test(aspects))
    return browseError(
      400,
      12017,
      "The 'aspect_filter' query parameter must include a categoryId. For information, see the API call reference documentation.",
    );
  const epid = query.get('epid');
  if (epid !== null && !/^\d+$/.test(epid))
    return browseError(400, 12021, `The 'epid' value ${epid} is invalid. For information, see the API call reference documentation.`);
  const gtin = query.get('gtin');
  if (gtin !== null && !/^(\d{8}|\d{12,14})$/.test(gtin))
    return browseError(400, 12022, `The 'gtin' value ${gtin} is invalid. For information, see the API call reference documentation.`);
  const charities = query.get('charity_ids')?.split(',');
  if (charities && charities.length > 20) return browseError(400, 12025, "The 'charity_ids' field has exceeded the maximum limit of 20.");
  const badCharity = charities?.find((id) => !/^\d+$/.test(id));
  if (badCharity !== undefined)
    return browseError(
      400,
      12024,
      `The 'charity_ids' value ${badCharity} is invalid. For more information see the API call reference documentation.`,
    );
  const autoCorrect = query.get('auto_correct');
  if (autoCorrect !== null && autoCorrect !== 'KEYWORD')
    return browseError(400, 12027, "The 'auto_correct' value is invalid. For the valid values, refer to the API call documentation.");
  const criteria = filterCriteria(query.get('filter'));
  if (criteria.get('searchInDescription') === 'true' && (query.get('q') ?? '').trim().length <= 1)
    return browseError(
      400,
      12516,
      "The 'q' value is invalid. It must be longer than one character when using the 'searchInDescription' filter.",
    );
  if (criteria.has('guaranteedDeliveryInDays') && !criteria.has('deliveryCountry'))
    return browseError(400, 12507, "To filter by 'guaranteedDeliveryInDays', you must include 'deliveryCountry'.");
  if (['itemLocationCountry', 'itemLocationRegion'].filter((name) => criteria.has(name)).length > 1)
    return browseError(400, 12517, 'Only one item location filter can be applied at a time. Refer to the API call documentation.');
  const sellers = criteria.get('sellers');
  if (sellers && sellers.replace(/^\{|\}$/g, '').split('|').length > 250)
    return browseError(
      400,
      12032,
      'The number of sellers in the filter has exceeded the limit. Please reduce the number of sellers to 250 or fewer.',
    );
  return null;
}

/** The filters eBay ignores, each said in a warning. */
export function browseWarnings(query: URLSearchParams): BrowseWarning[] {
  const criteria = filterCriteria(query.get('filter'));
  const warnings: BrowseWarning[] = [];
  const warn = (errorId: number, message: string) => warnings.push({ errorId, domain: 'API_BROWSE', category: 'REQUEST', message });
  const conditions = criteria.get('conditionIds');
  if (conditions !== undefined && !/^\{\d+(\|\d+)*\}$/.test(conditions))
    warn(
      12520,
      "The 'conditionIds' filter value is invalid or not supported. For the supported values, refer to the API call documentation.",
    );
  if (criteria.has('price') && !criteria.has('priceCurrency'))
    warn(12012, "A valid 'price' filter and a valid 'priceCurrency' filter is necessary to filter based on price.");
  if (criteria.has('deliveryPostalCode') && !criteria.has('deliveryCountry'))
    warn(12011, "'deliveryCountry' is a mandatory filter to provide a delivery location. 'deliveryPostalCode' is optional.");
  const pickup = ['pickupPostalCode', 'pickupCountry', 'pickupRadiusUnit', 'pickupRadius'];
  const given = pickup.filter((name) => criteria.has(name)).length;
  if (given > 0 && given < pickup.length)
    warn(
      12010,
      "There are four filters required for local pickup. 'pickupPostalCode','pickupCountry','pickupRadiusUnit','pickupRadius'. One or more is missing or invalid.",
    );
  return warnings;
}
