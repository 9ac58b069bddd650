/** Identity, Media, Taxonomy and Metadata in the fake. */
import { randomBytes } from 'node:crypto';
import type { ApiCall, ApiHandler } from './fake-ebay-api-call';
import { sellerOf } from './fake-ebay-api-call';
import { categoryById, categorySuggestions, conditionPolicies, itemAspects } from './fake-ebay-catalog';
import { shippingServicesOf } from './fake-ebay-shipping-services';
import { ebayError } from './fake-ebay-errors';
import { fakeMarketplace, fakeMarketplaceOfCountry, fakeMarketplaceOfTree } from './fake-ebay-marketplaces';

/** The part named `name` of a multipart/form-data body: its content type and bytes. */
export function multipartPart(call: Pick<ApiCall, 'headers' | 'rawBody'>, name: string): { contentType: string; data: Buffer } | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(call.headers['content-type'] ?? '');
  if (!boundary) return null;
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  const body = call.rawBody.toString('latin1');
  for (const part of body.split(delimiter)) {
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd === -1) continue;
    const head = part.slice(0, headerEnd);
    if (!new RegExp(`name="${name}"`).test(head)) continue;
    const contentType = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim() ?? 'application/octet-stream';
    return { contentType, data: Buffer.from(part.slice(headerEnd + 4).replace(/\r\n$/, ''), 'latin1') };
  }
  return null;
}

/** Every fake seller's registration address unless the test gives one. */
const fakeSellerAddress = {
  addressLine1: '2145 Hamilton Ave',
  city: 'San Jose',
  stateOrProvince: 'CA',
  postalCode: '95125',
  country: 'US',
};

const taxonomyError = (errorId: number, message: string) => ebayError(400, errorId, message, { domain: 'API_TAXONOMY' });
/** eBay's marketplace IDs (MarketplaceIdEnum) past the fake's own: anything else is 46001. */
const OTHER_MARKETPLACES =
  'EBAY_AT EBAY_BE EBAY_CA EBAY_CH EBAY_HK EBAY_IE EBAY_IN EBAY_MY EBAY_NL EBAY_PH EBAY_PL EBAY_SG EBAY_TH EBAY_TW EBAY_MOTORS_US'.split(
    ' ',
  );
const unknownMarketplace = (marketplaceId: string) =>
  fakeMarketplace(marketplaceId) || OTHER_MARKETPLACES.includes(marketplaceId)
    ? null
    : ebayError(400, 46001, 'The specified marketplace ID was not found.', { domain: 'API_METADATA' });
const imageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/avif', 'image/tiff', 'image/bmp'];

export const serviceHandlers: Record<string, ApiHandler> = {
  getUser(call, state) {
    const seller = state.sellers.find((s) => s.userId === call.token.userId);
    if (!seller) return ebayError(404, 2003, 'Internal error: no such user', { domain: 'API_IDENTITY' });
    return {
      status: 200,
      body: {
        userId: seller.userId,
        username: seller.username,
        accountType: 'INDIVIDUAL',
        // What eBay answers for an individual account: the member's registration address.
        individualAccount: { registrationAddress: seller.address ?? fakeSellerAddress },
        // The marketplace of the country the member registered in (the US when it is none the fake knows).
        registrationMarketplaceId: fakeMarketplaceOfCountry((seller.address ?? fakeSellerAddress).country)?.id ?? 'EBAY_US',
        status: 'CONFIRMED',
      },
    };
  },
  createImageFromFile(call, state) {
    const image = multipartPart(call, 'image');
    if (!image || !image.data.length) return ebayError(400, 190002, 'The image file is missing.', { domain: 'API_MEDIA' });
    if (!imageTypes.includes(image.contentType))
      return ebayError(
        400,
        190203,
        `The supplied image is in a format that is not supported. ${image.contentType} is none of JPG, GIF, PNG, BMP, TIFF, AVIF, HEIC and WEBP.`,
        {
          domain: 'API_MEDIA',
        },
      );
    const imageId = `v1|${randomBytes(9).toString('hex')}`;
    const imageUrl = `https://i.ebayimg.sandbox.ebay.com/images/g/${randomBytes(8).toString('base64url')}/s-l1600.jpg`;
    sellerOf(call, state).images.set(imageId, { imageUrl, bytes: image.data.length, contentType: image.contentType });
    state.pictures.set(imageUrl, { contentType: image.contentType, data: image.data });
    const expirationDate = new Date(Date.now() + 30 * 86_400_000).toISOString();
    return {
      status: 201,
      body: { imageUrl, expirationDate },
      headers: { location: `${call.origin}/commerce/media/v1_beta/image/${encodeURIComponent(imageId)}` },
    };
  },
  getImage(call, state) {
    const imageId = call.params.image_id!;
    const image = sellerOf(call, state).images.get(imageId);
    if (image) return { status: 200, body: { imageUrl: image.imageUrl } };
    // Another seller's picture exists but is not this seller's to read.
    if ([...state.sellerData.values()].some((seller) => seller.images.has(imageId)))
      return ebayError(403, 190013, 'Unauthorized access.', { domain: 'API_MEDIA' });
    return ebayError(404, 190200, 'The image resource was not found.', { domain: 'API_MEDIA' });
  },
  getDefaultCategoryTreeId(call) {
    const marketplaceId = call.query.get('marketplace_id');
    if (!marketplaceId) return taxonomyError(62002, 'Missing marketplace ID.');
    const marketplace = fakeMarketplace(marketplaceId);
    if (!marketplace) return taxonomyError(62003, 'The specified marketplace ID was not found.');
    return { status: 200, body: { categoryTreeId: marketplace.categoryTreeId, categoryTreeVersion: '130' } };
  },
  getCategorySuggestions(call) {
    if (!fakeMarketplaceOfTree(call.params.category_tree_id)) return taxonomyError(62004, 'The specified category tree ID was not found.');
    if (!call.query.get('q')?.trim())
      return taxonomyError(62007, "Missing keyword 'q'. Please specify a valid set of keywords that best describes your item.");
    const answer = categorySuggestions(call.query.get('q') ?? '');
    return answer.categorySuggestions!.length ? { status: 200, body: answer } : { status: 204 };
  },
  getItemAspectsForCategory(call) {
    const marketplace = fakeMarketplaceOfTree(call.params.category_tree_id);
    if (!marketplace) return taxonomyError(62004, 'The specified category tree ID was not found.');
    // commerce_taxonomy_v1_oas3.json: 62006 is a missing id, 62008 the tree's root, 62009 a category that is not a leaf.
    const categoryId = call.query.get('category_id') ?? '';
    if (!categoryId) return taxonomyError(62006, 'Missing category ID.');
    if (categoryId === '0') return taxonomyError(62008, 'The specified category ID is the root for the category tree.');
    const category = categoryById(categoryId);
    if (!category) return taxonomyError(62005, 'The specified category ID does not belong to specified category tree.');
    if (!category.leaf) return taxonomyError(62009, 'The specified category ID must be a leaf category.');
    return { status: 200, body: itemAspects(category, marketplace.id) };
  },
  getItemConditionPolicies(call) {
    const unknown = unknownMarketplace(call.params.marketplace_id!);
    if (unknown) return unknown;
    const text = call.query.get('filter');
    const filter = /^categoryIds:\{([^}]*)\}$/.exec(text ?? '');
    const ids = filter ? filter[1]!.split('|').map((s) => s.trim()) : [];
    // Warnings, not errors (the contract lists them under 200): the answer keeps what it can.
    const warnings: { errorId: number; domain: string; category: string; message: string }[] = [];
    const warn = (errorId: number, message: string) => warnings.push({ errorId, domain: 'API_METADATA', category: 'REQUEST', message });
    if (text !== null && !filter)
      warn(46002, 'The filter value is invalid. Sample supported values: filter=categoryIds:{catId1|catId2|catId3}.');
    if (ids.length > 50) warn(46004, 'Only 50 Category IDs specified in the filter are considered.');
    const considered = ids.slice(0, 50);
    if (considered.some((id) => !categoryById(id))) warn(46003, 'The specified categoryId was not found for the marketplace.');
    return { status: 200, body: { ...conditionPolicies(considered), ...(warnings.length ? { warnings } : {}) } };
  },
  getShippingServices(call) {
    return unknownMarketplace(call.params.marketplace_id!) ?? { status: 200, body: shippingServicesOf(call.params.marketplace_id) };
  },
  getPublicKey(call, state) {
    if (call.params.public_key_id !== state.notificationKey.kid)
      return ebayError(404, 195001, 'The specified public key was not found.', { domain: 'API_NOTIFICATION' });
    return { status: 200, body: { algorithm: 'ECDSA', digest: 'SHA1', key: state.notificationKey.publicKeyPem } };
  },
};
