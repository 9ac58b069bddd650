import type { SafetyContact } from '../../../db/schema';
import type { OfferDetails } from '../api/ebay-types';
import type { BrandSafetyRow } from './repo';

type Regulatory = NonNullable<OfferDetails['regulatory']>;

/** Only the fields the seller gave: eBay reads an empty string as a value. */
const contactOf = (contact: SafetyContact) =>
  Object.fromEntries(Object.entries(contact).filter(([, value]) => typeof value === 'string' && value.trim() !== ''));

/**
 * The offer's `regulatory` container from the brand's details (Inventory API: Regulatory.manufacturer and
 * responsiblePersons, each EU responsible person typed `EUResponsiblePerson`, the only value eBay takes).
 */
export function regulatoryOf(details: BrandSafetyRow): Regulatory {
  return {
    manufacturer: contactOf(details.manufacturer),
    responsiblePersons: [{ ...contactOf(details.responsiblePerson), types: ['EUResponsiblePerson'] }],
    ...(details.safetyStatements.length ? { productSafety: { statements: details.safetyStatements } } : {}),
  };
}
