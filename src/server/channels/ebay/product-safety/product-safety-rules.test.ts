import { describe, expect, it } from 'vitest';
import { brandSafetyProblems } from '@shared/domain/product-safety';
import { regulatoryProblem } from '../../../../../fakes/ebay/fake-ebay-marketplaces';
import type { SafetyContact } from '../../../db/schema';
import { productSafetyProblems } from './product-safety-preflight';
import { regulatoryOf } from './regulatory';

/** Every shape of a contact the rules tell apart: name or not, whole, partial or no address, other ways to reach. */
function contacts(country: string): SafetyContact[] {
  const address = { addressLine1: '5 Merrion Square', city: 'Dublin', postalCode: 'D02 X285', country };
  const shapes: SafetyContact[] = [];
  for (const companyName of ['', 'Boden Ltd'])
    for (const where of [{}, address, { city: 'Dublin', country }, { country }])
      for (const reach of [{}, { email: 'safety@boden.example' }, { contactUrl: 'https://boden.example' }, { phone: '+353 1 555 0100' }])
        shapes.push({ companyName, ...where, ...reach });
  return shapes;
}

const details = (manufacturer: SafetyContact, responsiblePerson: SafetyContact) => ({
  brand: 'Boden',
  manufacturer,
  responsiblePerson,
  safetyStatements: [],
  updatedAt: new Date(),
});

describe('GPSR rules', () => {
  it('pre-flight and the fake eBay (written from eBay’s error list) agree on every shape of the two contacts', () => {
    let accepted = 0;
    for (const manufacturer of [...contacts('GB'), ...contacts('DE')])
      for (const person of [...contacts('IE'), ...contacts('GB')].filter((_, i) => i % 3 === 0)) {
        const appSays = brandSafetyProblems({ manufacturer, responsiblePerson: person });
        const fakeSays = regulatoryProblem(regulatoryOf(details(manufacturer, person)) as Record<string, unknown>);
        expect({ manufacturer, person, green: appSays.length === 0 }).toEqual({ manufacturer, person, green: fakeSays === null });
        if (!appSays.length) accepted++;
      }
    expect(accepted).toBeGreaterThan(10);
  });

  it('names what is missing only where eBay asks for it (its EU and UK sites), in the seller’s words', () => {
    const facts = { brand: 'Boden', details: null };
    expect(productSafetyProblems({ marketplaceId: 'EBAY_US', ...facts })).toEqual([]);
    expect(productSafetyProblems({ marketplaceId: 'EBAY_AU', ...facts })).toEqual([]);
    expect(productSafetyProblems({ marketplaceId: 'EBAY_DE', ...facts })).toEqual([
      {
        field: 'safety',
        message:
          'eBay Germany needs the manufacturer and EU responsible person of Boden: add them once under Product safety in eBay settings',
      },
    ]);
    expect(productSafetyProblems({ marketplaceId: 'EBAY_GB', brand: null, details: null })[0]!.message).toBe(
      "eBay UK needs the brand's manufacturer and EU responsible person: add the brand first",
    );
    const outsideEu = details({ companyName: 'Boden Ltd', email: 'a@b.example', country: 'GB' }, { companyName: 'Rep', phone: '1' });
    expect(productSafetyProblems({ marketplaceId: 'EBAY_FR', brand: 'Boden', details: outsideEu }).map((p) => p.message)).toEqual([
      'Boden on eBay France: Manufacturer: an address needs the street, city, postal code and country',
      'Boden on eBay France: The manufacturer or the EU responsible person must have an address in the EU',
    ]);
  });

  it('sends only the fields given, each responsible person typed EUResponsiblePerson', () => {
    expect(
      regulatoryOf(
        details({ companyName: 'Boden Ltd', email: 'a@b.example', city: '' }, { companyName: 'Rep', country: 'IE', phone: '1' }),
      ),
    ).toEqual({
      manufacturer: { companyName: 'Boden Ltd', email: 'a@b.example' },
      responsiblePersons: [{ companyName: 'Rep', country: 'IE', phone: '1', types: ['EUResponsiblePerson'] }],
    });
  });
});
