/**
 * The fake Etsy's product properties: what getPropertiesByTaxonomyId answers per seller taxonomy node (its scales and
 * their values), and a listing's properties as updateListingProperty sets them and getListingProperties reads them.
 *
 * From Etsy's document (contracts/etsy/etsy-openapi.json): the shapes (TaxonomyNodeProperty, TaxonomyPropertyScale,
 * TaxonomyPropertyValue, ListingPropertyValue); "for shoe size, there are three scale_ids available - UK, US/Canada,
 * and EU, where US/Canada has scale_id 19"; the shoes nodes "support access to the EU shoe size scale ... value_id
 * 1394, name 38"; updateListingProperty's "each offering requires both a value and a value_id that are valid for a
 * scale_id assigned to the listing or that you assign to the listing with this request" and "parenthesis characters
 * are not allowed". The other ids, the clothing scales (Letter, Waist) and the value lists are the fake's own
 * (contracts/etsy/DERIVED.md).
 *
 * Documented errors, each a rule here: getPropertiesByTaxonomyId 404 (no such node); updateListingProperty 400 (a
 * property the listing's category does not take, a scale or value not of it, values and ids that do not pair, more
 * than one value where one is allowed, parentheses), 403 (another shop's listing), 404 (no such property); 401 (no
 * valid token) and 400 (the contract) for every operation, in etsy-server.ts.
 */

type Answer = { status: number; body?: unknown };
const etsyError = (status: number, message: string): Answer => ({ status, body: { error: message } });

interface Scale {
  scale_id: number;
  display_name: string;
  description: string;
}
interface Value {
  value_id: number;
  name: string;
  scale_id: number;
  equal_to: number[];
}
interface Property {
  property_id: number;
  name: string;
  display_name: string;
  scales: Scale[];
  possible_values: Value[];
  is_multivalued: boolean;
}

/** A listing's value of one property, as updateListingProperty set it. */
export interface FakeListingProperty {
  property_id: number;
  scale_id: number | null;
  value_ids: number[];
  values: string[];
}

const halves = (from: number, to: number) => Array.from({ length: (to - from) * 2 + 1 }, (_, i) => from + i / 2);
const valuesOf = (scale: Scale, names: string[], firstId: (name: string, index: number) => number): Value[] =>
  names.map((name, i) => ({ value_id: firstId(name, i), name, scale_id: scale.scale_id, equal_to: [] }));

const LETTER: Scale = { scale_id: 301, display_name: 'Letter', description: 'Letter sizes' };
const WAIST: Scale = { scale_id: 302, display_name: 'Waist', description: 'Waist in inches' };
const US_SHOES: Scale = { scale_id: 19, display_name: 'US/Canada', description: 'US and Canada shoe sizes' };
const UK_SHOES: Scale = { scale_id: 20, display_name: 'UK', description: 'UK shoe sizes' };
const EU_SHOES: Scale = { scale_id: 21, display_name: 'EU', description: 'EU shoe sizes' };

const letters = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL', 'One size'];
const sizeName = (n: number) => String(n);

const PRIMARY_COLOR: Property = {
  property_id: 100,
  name: 'Primary color',
  display_name: 'Primary color',
  scales: [],
  possible_values: [],
  is_multivalued: false,
};
/** Tops, jackets and dresses: letters. Trousers, jeans and shorts: letters or the waist in inches. */
const clothingSize = (scales: Scale[]): Property => ({
  property_id: 505,
  name: 'Size',
  display_name: 'Size',
  scales,
  possible_values: [
    ...(scales.includes(LETTER) ? valuesOf(LETTER, letters, (_, i) => 3000 + i) : []),
    ...(scales.includes(WAIST)
      ? valuesOf(WAIST, halves(24, 44).filter(Number.isInteger).map(sizeName), (name) => 3100 + Number(name))
      : []),
  ],
  is_multivalued: false,
});
/** Shoes: US/Canada, UK and EU sizes by halves; EU 38 is value 1394, as the document says. */
const SHOE_SIZE: Property = {
  property_id: 506,
  name: 'Shoe size',
  display_name: 'Shoe size',
  scales: [US_SHOES, UK_SHOES, EU_SHOES],
  possible_values: [
    ...valuesOf(US_SHOES, halves(4, 16).map(sizeName), (_, i) => 2000 + i),
    ...valuesOf(UK_SHOES, halves(2, 15).map(sizeName), (_, i) => 2100 + i),
    ...valuesOf(EU_SHOES, halves(34, 50).map(sizeName), (name) => 1394 + (Number(name) - 38) * 2),
  ],
  is_multivalued: false,
};

const BOTTOMS = clothingSize([LETTER, WAIST]);
const TOPS = clothingSize([LETTER]);
const bottomNodes = new Set([100, 1000, 101, 200, 201, 202]);
const topNodes = new Set([102, 103, 104, 203, 204, 205, 300, 10, 20, 30, 1]);
const shoeNodes = new Set([3, 50, 500, 60, 600]);

/** The properties a seller taxonomy node supports. */
export function propertiesOfNode(taxonomyId: number): Property[] {
  if (bottomNodes.has(taxonomyId)) return [PRIMARY_COLOR, BOTTOMS];
  if (topNodes.has(taxonomyId)) return [PRIMARY_COLOR, TOPS];
  if (shoeNodes.has(taxonomyId)) return [PRIMARY_COLOR, SHOE_SIZE];
  return [PRIMARY_COLOR];
}

const nodeProperty = (p: Property) => ({
  property_id: p.property_id,
  name: p.name,
  display_name: p.display_name,
  scales: p.scales,
  is_required: false,
  supports_attributes: true,
  supports_variations: true,
  is_multivalued: p.is_multivalued,
  max_values_allowed: p.is_multivalued ? 5 : null,
  possible_values: p.possible_values,
  selected_values: [],
});

/** getPropertiesByTaxonomyId: 404 for a node the taxonomy does not have. */
export function taxonomyPropertiesAnswer(taxonomyId: number, isNode: boolean): Answer {
  if (!isNode) return etsyError(404, `Taxonomy node ${taxonomyId} not found`);
  const results = propertiesOfNode(taxonomyId).map(nodeProperty);
  return { status: 200, body: { count: results.length, results } };
}

const allProperties = [PRIMARY_COLOR, BOTTOMS, TOPS, SHOE_SIZE];
const scaleOf = (property: Property, scaleId: number | null) => property.scales.find((s) => s.scale_id === scaleId);

/** A listing property as Etsy answers it (ListingPropertyValue). */
export function listingPropertyOut(taxonomyId: number, value: FakeListingProperty) {
  const property = propertiesOfNode(taxonomyId).find((p) => p.property_id === value.property_id);
  return {
    property_id: value.property_id,
    property_name: property?.display_name ?? null,
    scale_id: value.scale_id,
    scale_name: property ? (scaleOf(property, value.scale_id)?.display_name ?? null) : null,
    value_ids: value.value_ids,
    values: value.values,
  };
}

/** What a listing's page says of its properties ("Shoe size: EU 43"). */
export function listingPropertyWords(taxonomyId: number, values: Iterable<FakeListingProperty>): string[] {
  return [...values].map((value) => {
    const out = listingPropertyOut(taxonomyId, value);
    return `${out.property_name ?? out.property_id}: ${[out.scale_name, value.values.join(', ')].filter(Boolean).join(' ')}`;
  });
}

/**
 * updateListingProperty's rules against the listing's category and what it already has; the form as sent
 * (value_ids and values comma-separated, as Etsy takes arrays in a form). The new value, or the error Etsy answers.
 */
export function setListingProperty(
  listing: { taxonomy_id: number; properties: Map<number, FakeListingProperty> },
  propertyId: number,
  form: URLSearchParams,
): { value: FakeListingProperty } | { error: Answer } {
  const fail = (status: number, message: string) => ({ error: etsyError(status, message) });
  if (!allProperties.some((p) => p.property_id === propertyId)) return fail(404, `Property ${propertyId} not found`);
  const property = propertiesOfNode(listing.taxonomy_id).find((p) => p.property_id === propertyId);
  if (!property) return fail(400, `Property ${propertyId} is not valid for taxonomy ${listing.taxonomy_id}`);
  const list = (name: string) =>
    (form.get(name) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const valueIds = list('value_ids').map(Number);
  const values = list('values');
  if (!valueIds.length || valueIds.length !== values.length) return fail(400, 'value_ids and values must name the same values, one each');
  if (values.some((v) => /[()]/.test(v))) return fail(400, 'Property values may not contain parentheses');
  if (!property.is_multivalued && valueIds.length > 1) return fail(400, `Property ${propertyId} takes one value`);
  const sent = form.get('scale_id');
  const scaleId = sent !== null ? Number(sent) : (listing.properties.get(propertyId)?.scale_id ?? null);
  if (property.scales.length) {
    if (scaleId === null) return fail(400, `Property ${propertyId} needs a scale_id`);
    if (!scaleOf(property, scaleId)) return fail(400, `scale_id ${scaleId} is not a scale of property ${propertyId}`);
  } else if (sent !== null) return fail(400, `Property ${propertyId} has no scales`);
  for (const [i, id] of valueIds.entries()) {
    const known = property.possible_values.find((v) => v.value_id === id && (property.scales.length === 0 || v.scale_id === scaleId));
    if (!known) return fail(400, `value_id ${id} is not a value of property ${propertyId}${scaleId ? ` on scale ${scaleId}` : ''}`);
    if (known.name.toLowerCase() !== values[i]!.toLowerCase()) return fail(400, `value "${values[i]}" is not the name of value_id ${id}`);
  }
  return { value: { property_id: propertyId, scale_id: property.scales.length ? scaleId : null, value_ids: valueIds, values } };
}
