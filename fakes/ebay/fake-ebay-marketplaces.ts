import type { FakeSizeStandard } from './fake-ebay-size-standards';

/**
 * eBay's marketplaces as the fake knows them: each one's currency, the language of its listings, its
 * default category tree (Taxonomy's getDefaultCategoryTreeId) and whether EU product safety (GPSR) applies. Written
 * from eBay's documents, not from the app's tables, so the fake checks the app rather than agreeing with it:
 * - Amount.currency: "the type of currency being used" must be the marketplace's (a USD price on EBAY_GB is refused);
 * - the Content-Language header: "en-US for English or de-DE for German", the marketplace's language;
 * - the size standard of its apparel categories (UK sizes on eBay UK and Australia, EU sizes on the EU sites);
 * - Regulatory: "sellers operating in, or shipping to, EU-based countries or Northern Ireland" give the manufacturer
 *   and the EU responsible person (errors 25110-25119).
 */
export interface FakeMarketplace {
  id: string;
  country: string;
  currency: string;
  /** The languages eBay takes for listings on it (Content-Language). */
  languages: string[];
  categoryTreeId: string;
  productSafety: boolean;
  /** The size standard its apparel categories list (eBay UK and Australia: UK sizes; the EU sites: EU sizes). */
  sizeStandard: FakeSizeStandard;
}

export const fakeMarketplaces: readonly FakeMarketplace[] = [
  { id: 'EBAY_US', country: 'US', currency: 'USD', languages: ['en-US'], categoryTreeId: '0', productSafety: false, sizeStandard: 'US' },
  { id: 'EBAY_GB', country: 'GB', currency: 'GBP', languages: ['en-GB'], categoryTreeId: '3', productSafety: true, sizeStandard: 'UK' },
  { id: 'EBAY_DE', country: 'DE', currency: 'EUR', languages: ['de-DE'], categoryTreeId: '77', productSafety: true, sizeStandard: 'EU' },
  { id: 'EBAY_FR', country: 'FR', currency: 'EUR', languages: ['fr-FR'], categoryTreeId: '71', productSafety: true, sizeStandard: 'EU' },
  { id: 'EBAY_IT', country: 'IT', currency: 'EUR', languages: ['it-IT'], categoryTreeId: '101', productSafety: true, sizeStandard: 'EU' },
  { id: 'EBAY_ES', country: 'ES', currency: 'EUR', languages: ['es-ES'], categoryTreeId: '186', productSafety: true, sizeStandard: 'EU' },
  {
    id: 'EBAY_CA',
    country: 'CA',
    currency: 'CAD',
    languages: ['en-CA', 'fr-CA'],
    categoryTreeId: '2',
    productSafety: false,
    sizeStandard: 'US',
  },
  { id: 'EBAY_AU', country: 'AU', currency: 'AUD', languages: ['en-AU'], categoryTreeId: '15', productSafety: false, sizeStandard: 'UK' },
];

export const fakeMarketplace = (id: string | null | undefined) => fakeMarketplaces.find((m) => m.id === id) ?? null;
export const fakeMarketplaceOfCountry = (country: string | null | undefined) =>
  fakeMarketplaces.find((m) => m.country === (country ?? '').toUpperCase()) ?? null;
export const fakeMarketplaceOfTree = (treeId: string | undefined) => fakeMarketplaces.find((m) => m.categoryTreeId === treeId) ?? null;
/** Every language some marketplace takes: an inventory item (which names no marketplace) may be written in any. */
export const fakeListingLanguages = new Set(fakeMarketplaces.flatMap((m) => m.languages));

const EU = new Set('AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '));

type Contact = Record<string, unknown> | undefined;
const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/**
 * What eBay answers for the offer's regulatory container on a GPSR marketplace, as the Inventory API's error list
 * words it; null when it is complete. Clothing is among the categories that ask for the manufacturer and the
 * responsible person (Metadata getRegulatoryPolicies), so every category of the fake's catalogue does.
 */
export function regulatoryProblem(regulatory: Record<string, unknown> | undefined): { errorId: number; message: string } | null {
  const manufacturer = regulatory?.manufacturer as Contact;
  const persons = regulatory?.responsiblePersons as Contact[] | undefined;
  if (!manufacturer) return { errorId: 25111, message: 'Manufacturer information is incomplete. Please provide the company name.' };
  if (!persons?.length)
    return { errorId: 25114, message: 'Responsible Person information is incomplete. Please provide the company name.' };
  if (persons.length > 5)
    return {
      errorId: 25112,
      message: 'Responsible Person structure incorrect for responsiblePersons. Max allowed number of entries is 5.',
    };
  const contact = (c: NonNullable<Contact>, who: 'Manufacturer' | 'Responsible Person', ids: [number, number, number]) => {
    if (!filled(c.companyName)) return { errorId: ids[0], message: `${who} information is incomplete. Please provide the company name.` };
    const address = [c.addressLine1, c.city, c.postalCode, c.country];
    if (address.some(filled) && !address.every(filled))
      return {
        errorId: ids[1],
        message: `${who} address information is incomplete. When providing the address, please provide the street, city, postal code and country`,
      };
    if (!address.some(filled) && ![c.email, c.contactUrl, c.phone].some(filled))
      return {
        errorId: ids[2],
        message: `Seller must provide at least one form of contact info for ${who} - either address, email, contact URL or phone.`,
      };
    return null;
  };
  const manufacturerProblem = contact(manufacturer, 'Manufacturer', [25111, 25110, 25118]);
  if (manufacturerProblem) return manufacturerProblem;
  for (const person of persons) {
    const types = person?.types as unknown[] | undefined;
    if (!Array.isArray(types) || types.length < 1 || types.length > 1 || types[0] !== 'EUResponsiblePerson')
      return { errorId: 25116, message: 'Please provide a minimum of 1 and a maximum of 1 types for a Responsible Person.' };
    const problem = contact(person ?? {}, 'Responsible Person', [25114, 25113, 25119]);
    if (problem) return problem;
  }
  const inEu = (c: Contact) => EU.has(String(c?.country ?? '').toUpperCase());
  if (!inEu(manufacturer) && !persons.some(inEu))
    return { errorId: 25115, message: 'Either the Manufacturer or at least one of the Responsible Persons must be located in the EU.' };
  return null;
}
