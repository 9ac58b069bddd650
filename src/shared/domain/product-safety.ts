import { isEuCountry } from './seller-region';

/**
 * EU product safety (GPSR) rules for a brand's manufacturer and EU responsible person, as eBay's Inventory API states
 * them (errors 25110-25119 of createOffer and publishOffer): a company name, at least one way to reach each, a whole
 * address when one is given, and the manufacturer or the responsible person in the EU. One list for the settings
 * form, the server's save and the pre-flight.
 */
export interface SafetyContactFields {
  companyName?: string;
  addressLine1?: string;
  city?: string;
  postalCode?: string;
  country?: string;
  email?: string;
  phone?: string;
  contactUrl?: string;
}

const has = (value: string | undefined) => Boolean(value?.trim());

const addressParts = (c: SafetyContactFields) => [c.addressLine1, c.city, c.postalCode, c.country];

function contactProblems(who: string, contact: SafetyContactFields): string[] {
  const problems: string[] = [];
  if (!has(contact.companyName)) problems.push(`${who}: enter the company name`);
  const parts = addressParts(contact);
  const someAddress = parts.some(has);
  if (someAddress && !parts.every(has)) problems.push(`${who}: an address needs the street, city, postal code and country`);
  if (!someAddress && !has(contact.email) && !has(contact.contactUrl) && !has(contact.phone)) {
    problems.push(`${who}: give an address, an e-mail, a website or a phone number`);
  }
  return problems;
}

/** What eBay would refuse in these details, in the seller's words; empty when eBay takes them. */
export function brandSafetyProblems(details: { manufacturer: SafetyContactFields; responsiblePerson: SafetyContactFields }): string[] {
  const problems = [
    ...contactProblems('Manufacturer', details.manufacturer),
    ...contactProblems('EU responsible person', details.responsiblePerson),
  ];
  if (!isEuCountry(details.manufacturer.country) && !isEuCountry(details.responsiblePerson.country)) {
    problems.push('The manufacturer or the EU responsible person must have an address in the EU');
  }
  return problems;
}
