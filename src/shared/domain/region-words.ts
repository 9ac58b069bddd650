/**
 * The words a seller reads that differ between the English of their country: a US seller's "Color" is a
 * UK seller's "Colour"; the UK's "County" and "Postage" are the US's "State or province" and "Shipping". Keyed by the seller's
 * country (seller-region.ts); a country not named here reads the US words, with "State or province".
 */
export interface RegionWords {
  /** "Color" / "Colour", as a label. */
  color: string;
  /** The address's region, as a label: "State or province", "County". */
  region: string;
  /** "Shipping" / "Postage", as a label; lower-case it inside a sentence. */
  shipping: string;
}

const american: RegionWords = { color: 'Color', region: 'State or province', shipping: 'Shipping' };
const british: RegionWords = { color: 'Colour', region: 'County', shipping: 'Postage' };

const byCountry: Readonly<Record<string, RegionWords>> = {
  US: american,
  GB: british,
  AU: { ...british, region: american.region },
  CA: { ...american, color: 'Colour' },
};

/** The seller's words; a seller whose country is not known yet reads the US ones. */
export const regionWords = (country: string | null | undefined): RegionWords => (country && byCountry[country]) || american;
