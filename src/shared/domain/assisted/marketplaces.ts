import type { AssistedChannel } from '../channel-listing';
import { rateSchedule } from '../fee-schedule';
import type { PublishedFees } from '../profit-floor';
import { euShoeSizes, euWomensSizes, ukDressSizes, ukShoeSizes, type SizeStandard } from './size-standards';

/**
 * Each assisted marketplace's own words (decision 051): its text limits, the values its listing form
 * accepts for condition, size and category, and the hosts a listing's URL may be on. The sources are in
 * docs/decisions/051-assisted-channels.md; a value not found in a source is marked "form" (read from the
 * marketplace's listing form, to be checked again when it changes).
 */

/** Where the app reads a category: men's or women's, and the kind of garment. */
export const categorySlots = [
  'men-jeans',
  'men-pants',
  'men-shorts',
  'men-tops',
  'men-outerwear',
  'men-shoes',
  'men-accessories',
  'women-jeans',
  'women-pants',
  'women-shorts',
  'women-tops',
  'women-outerwear',
  'women-shoes',
  'women-accessories',
] as const;
export type CategorySlot = (typeof categorySlots)[number];

/** Our condition words (the quick edit's, and the AI's eBay grades) that a marketplace's condition is mapped from. */
export const ourConditions = ['new_with_tags', 'new_without_tags', 'new', 'like_new', 'excellent', 'good', 'fair', 'poor'] as const;
export type OurCondition = (typeof ourConditions)[number];

/** "ask": no value of the marketplace fits, the seller chooses one (never guessed). */
export const ASK = 'ask' as const;

export interface AssistedMarketplace {
  /** Title limit in characters; null: the marketplace has no title (Depop). */
  titleMax: number | null;
  /** Description limit in characters; null: none known. */
  descriptionMax: number | null;
  /** Hashtags written at the end of the description (Depop: at most 5); 0: none. */
  hashtagsMax: number;
  /** The condition values its form offers, in its words. */
  conditions: readonly string[];
  /** Ours to its; ASK where none fits. */
  conditionMap: Readonly<Record<OurCondition, string>>;
  /** Letter sizes it offers (tops, outerwear; also bottoms in letters). */
  letterSizes: readonly string[];
  /** Its word for a one-size item. */
  oneSize: string;
  /** How it writes a waist size (jeans, pants, shorts), e.g. "32" or "W32". */
  waist: (waist: number) => string;
  /** How it writes a US shoe size. */
  shoe: (us: string) => string;
  /** Its category paths, per slot. */
  categories: Readonly<Record<CategorySlot, string>>;
  /** Hosts a listing's URL may be on (the host itself or a subdomain). */
  hosts: readonly string[];
  /** An example listing URL, for the paste field's hint. */
  urlExample: string;
  /**
   * Its published seller fees, each for the countries its source is about (decision 086):
   * the profit floor's estimate until the seller's own sales there give a rate. A country with none: no
   * published schedule was found, the fees are not known and no floor is worked out on it (never another country's).
   */
  fees: readonly PublishedFees[];
  /**
   * A price drop of at least this much (basis points) is announced to the listing's likers by the marketplace
   * (Poshmark: 10 %; no source page was read for it here); absent: none.
   */
  likersNotifiedFromBasisPoints?: number;
}

const usLetters = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'] as const;
/** Waists 24 to 44 and US women's numeric sizes 00 to 24; shoes US 4 to 15 by halves. */
export const waistSizes = Array.from({ length: 21 }, (_, i) => 24 + i);
export const womensNumericSizes = ['00', '0', '2', '4', '6', '8', '10', '12', '14', '16', '18', '20', '22', '24'] as const;
export const shoeSizes = Array.from({ length: 23 }, (_, i) => String(4 + i / 2));

/** How Poshmark, Mercari and Grailed write sizes: US letters, a bare waist ("32") and a bare US shoe size ("9.5"). */
const plainSizes = { letterSizes: usLetters, waist: (w: number) => String(w), shoe: (us: string) => us };
/** How Depop and Vinted write them: US letters, "W32", "US 9.5" and "One size". */
const prefixedSizes = { letterSizes: usLetters, oneSize: 'One size', waist: (w: number) => `W${w}`, shoe: (us: string) => `US ${us}` };

export const assistedMarketplaces: Readonly<Record<AssistedChannel, AssistedMarketplace>> = {
  poshmark: {
    likersNotifiedFromBasisPoints: 1_000,
    titleMax: 80,
    descriptionMax: 1500,
    hashtagsMax: 0,
    conditions: ['New With Tags', 'New Without Tags', 'Good'],
    conditionMap: {
      new_with_tags: 'New With Tags',
      new_without_tags: 'New Without Tags',
      new: ASK,
      like_new: 'Good',
      excellent: 'Good',
      good: 'Good',
      fair: ASK,
      poor: ASK,
    },
    ...plainSizes,
    oneSize: 'OS',
    categories: {
      'men-jeans': 'Men > Jeans',
      'men-pants': 'Men > Pants',
      'men-shorts': 'Men > Shorts',
      'men-tops': 'Men > Shirts',
      'men-outerwear': 'Men > Jackets & Coats',
      'men-shoes': 'Men > Shoes',
      'men-accessories': 'Men > Accessories',
      'women-jeans': 'Women > Jeans',
      'women-pants': 'Women > Pants & Jumpsuits',
      'women-shorts': 'Women > Shorts',
      'women-tops': 'Women > Tops',
      'women-outerwear': 'Women > Jackets & Coats',
      'women-shoes': 'Women > Shoes',
      'women-accessories': 'Women > Accessories',
    },
    hosts: ['poshmark.com', 'poshmark.ca', 'posh.mk'],
    urlExample: 'https://poshmark.com/listing/…',
    // Poshmark Canada's fees: no published page was found in the sources searched (not known there).
    fees: [
      {
        // A flat $2.95 under $15, 20% from $15. A change announced in October 2024 ($1–$3 + 5.99%, https://blog.reeva.ai/resources/poshmarks-new-fee-structure-what-it-means-for-you) is not applied: the 2026 guide still gives this schedule.
        schedule: {
          currency: 'USD',
          tiers: [
            { fromMinor: 0, ratePpm: 0, fixedMinor: 295 },
            { fromMinor: 1500, ratePpm: 200_000, fixedMinor: 0 },
          ],
        },
        source: 'https://easyconverteasy.com/poshmark-guide.html',
        checkedOn: '2026-11-26',
        note: 'Sales under $15: flat $2.95; $15 and over: 20% of the price. The buyer pays the shipping label.',
        countries: ['US'],
      },
    ],
  },
  mercari: {
    titleMax: 80,
    descriptionMax: 1000,
    hashtagsMax: 0,
    conditions: ['New', 'Like New', 'Good', 'Fair', 'Poor'],
    conditionMap: {
      new_with_tags: 'New',
      new_without_tags: 'Like New',
      new: 'New',
      like_new: 'Like New',
      excellent: 'Good',
      good: 'Good',
      fair: 'Fair',
      poor: 'Poor',
    },
    ...plainSizes,
    oneSize: 'One Size',
    categories: {
      'men-jeans': 'Men > Jeans',
      'men-pants': 'Men > Pants',
      'men-shorts': 'Men > Shorts',
      'men-tops': 'Men > Tops',
      'men-outerwear': 'Men > Coats & Jackets',
      'men-shoes': 'Men > Shoes',
      'men-accessories': 'Men > Accessories',
      'women-jeans': 'Women > Jeans',
      'women-pants': 'Women > Pants',
      'women-shorts': 'Women > Shorts',
      'women-tops': 'Women > Tops & Blouses',
      'women-outerwear': 'Women > Coats & Jackets',
      'women-shoes': 'Women > Shoes',
      'women-accessories': 'Women > Accessories',
    },
    hosts: ['mercari.com', 'merc.li'],
    urlExample: 'https://www.mercari.com/us/item/m…',
    fees: [
      {
        schedule: { currency: 'USD', tiers: [{ fromMinor: 0, ratePpm: 100_000, fixedMinor: 0 }] },
        source: 'https://www.mercari.com/us/help_center/article/169/',
        checkedOn: '2026-11-26',
        note: 'A 10% selling fee on the item price; since March 27, 2024 the payment processing fee is charged to the buyer (https://www.mercari.com/us/help_center/article/525/).',
        countries: ['US'],
      },
    ],
  },
  depop: {
    titleMax: null,
    descriptionMax: 1000,
    hashtagsMax: 5,
    conditions: ['Brand new', 'Like new', 'Used - Excellent', 'Used - Good', 'Used - Fair'],
    conditionMap: {
      new_with_tags: 'Brand new',
      new_without_tags: 'Brand new',
      new: 'Brand new',
      like_new: 'Like new',
      excellent: 'Used - Excellent',
      good: 'Used - Good',
      fair: 'Used - Fair',
      poor: ASK,
    },
    ...prefixedSizes,
    categories: {
      'men-jeans': 'Menswear > Bottoms > Jeans',
      'men-pants': 'Menswear > Bottoms > Pants',
      'men-shorts': 'Menswear > Bottoms > Shorts',
      'men-tops': 'Menswear > Tops',
      'men-outerwear': 'Menswear > Coats & Jackets',
      'men-shoes': 'Menswear > Footwear',
      'men-accessories': 'Menswear > Accessories',
      'women-jeans': 'Womenswear > Bottoms > Jeans',
      'women-pants': 'Womenswear > Bottoms > Pants',
      'women-shorts': 'Womenswear > Bottoms > Shorts',
      'women-tops': 'Womenswear > Tops',
      'women-outerwear': 'Womenswear > Coats & Jackets',
      'women-shoes': 'Womenswear > Footwear',
      'women-accessories': 'Womenswear > Accessories',
    },
    hosts: ['depop.com', 'depop.app.link'],
    urlExample: 'https://www.depop.com/products/…',
    fees: [
      {
        schedule: rateSchedule(100_000),
        source: 'https://depophelp.zendesk.com/hc/en-gb/articles/360001791127-Depop-fees-and-charges',
        checkedOn: '2026-11-26',
        note: "A 10% Depop fee on the total (shipping included); the payment processor's own fee is not published there and is not counted.",
        // The page speaks of sales through Depop in the UK and the US, the two sites the app lists on (sites.ts).
        countries: ['US', 'GB'],
      },
    ],
  },
  vinted: {
    titleMax: 100,
    descriptionMax: 2000,
    hashtagsMax: 0,
    conditions: ['New with tags', 'New without tags', 'Very good', 'Good', 'Satisfactory'],
    conditionMap: {
      new_with_tags: 'New with tags',
      new_without_tags: 'New without tags',
      new: ASK,
      like_new: 'Very good',
      excellent: 'Very good',
      good: 'Good',
      fair: 'Satisfactory',
      poor: ASK,
    },
    ...prefixedSizes,
    categories: {
      'men-jeans': 'Men > Clothing > Jeans',
      'men-pants': 'Men > Clothing > Trousers',
      'men-shorts': 'Men > Clothing > Shorts',
      'men-tops': 'Men > Clothing > Tops & T-shirts',
      'men-outerwear': 'Men > Clothing > Outerwear',
      'men-shoes': 'Men > Shoes',
      'men-accessories': 'Men > Accessories',
      'women-jeans': 'Women > Clothing > Jeans',
      'women-pants': 'Women > Clothing > Trousers & leggings',
      'women-shorts': 'Women > Clothing > Shorts & cropped trousers',
      'women-tops': 'Women > Clothing > Tops & T-shirts',
      'women-outerwear': 'Women > Clothing > Outerwear',
      'women-shoes': 'Women > Shoes',
      'women-accessories': 'Women > Accessories',
    },
    hosts: ['vinted.com', 'vinted.co.uk', 'vinted.fr', 'vinted.de', 'vinted.ca'],
    urlExample: 'https://www.vinted.com/items/…',
    // No seller fee on any site read; each note quotes the buyer's fee in its own currency. Italy and Spain: no page
    // stored says what sellers pay there, so their fees are not known.
    fees: [
      {
        schedule: rateSchedule(0),
        source: 'https://www.vinted.com/pricelist',
        checkedOn: '2026-11-26',
        note: 'No seller fee: the buyer pays the Buyer Protection fee ($0.30 to $0.80 plus 3% to 8%) and the shipping.',
        countries: ['US'],
      },
      {
        schedule: rateSchedule(0),
        // "There are no fees to pay as a seller. Instead, the buyers pay a protection fee and cover the postage."
        source: 'https://uk.news.yahoo.com/vinted-selling-postage-rules-explained-130245656.html',
        checkedOn: '2026-11-28',
        note: 'No seller fee: the buyer pays the Buyer Protection fee (£0.30 to £0.80 plus 3% to 8%, https://www.zipsale.co.uk/blog/vinted-buyer-protection-fee) and the postage.',
        countries: ['GB'],
      },
      {
        schedule: rateSchedule(0),
        // "Für den Käufer fallen in dem Fall Gebühren an ... 0,70 Euro pro Zahlung sowie zusätzlich 5 Prozent des Artikelpreises."
        source: 'https://www.giga.de/tipp/vinted-wie-bezahlen-wie-funktioniert-das-bezahlsystem/',
        checkedOn: '2026-11-28',
        note: 'No seller fee: the buyer pays the Buyer Protection fee (€0.70 plus 5% of the price) and the shipping.',
        countries: ['DE'],
      },
      {
        schedule: rateSchedule(0),
        // "Les vendeurs peuvent déposer gratuitement leurs articles ... un montant fixe de 0,70 € et 5 % du prix de l'article".
        source: 'https://tribune-assurance.optionfinance.fr/dommages-responsabilite/une-friperie-en-ligne.html',
        checkedOn: '2026-11-28',
        note: 'No seller fee: the buyer pays the Buyer Protection fee (€0.70 plus 5% of the price) and the shipping.',
        countries: ['FR'],
      },
    ],
  },
  grailed: {
    titleMax: 60,
    descriptionMax: null,
    hashtagsMax: 0,
    conditions: ['New/Never Worn', 'Gently Used', 'Used', 'Very Worn'],
    conditionMap: {
      new_with_tags: 'New/Never Worn',
      new_without_tags: 'New/Never Worn',
      new: 'New/Never Worn',
      like_new: 'Gently Used',
      excellent: 'Gently Used',
      good: 'Used',
      fair: ASK,
      poor: 'Very Worn',
    },
    ...plainSizes,
    oneSize: 'One Size',
    categories: {
      'men-jeans': 'Menswear > Bottoms > Denim',
      'men-pants': 'Menswear > Bottoms > Casual Pants',
      'men-shorts': 'Menswear > Bottoms > Shorts',
      'men-tops': 'Menswear > Tops',
      'men-outerwear': 'Menswear > Outerwear',
      'men-shoes': 'Menswear > Footwear',
      'men-accessories': 'Menswear > Accessories',
      'women-jeans': 'Womenswear > Bottoms > Jeans',
      'women-pants': 'Womenswear > Bottoms > Pants',
      'women-shorts': 'Womenswear > Bottoms > Shorts',
      'women-tops': 'Womenswear > Tops',
      'women-outerwear': 'Womenswear > Outerwear',
      'women-shoes': 'Womenswear > Footwear',
      'women-accessories': 'Womenswear > Accessories',
    },
    hosts: ['grailed.com'],
    urlExample: 'https://www.grailed.com/listings/…',
    // Grailed's commission and processing fee: no published page was found in the sources searched (decision 086).
    fees: [],
  },
};

/**
 * Every size value a marketplace's site accepts: its letters, one size, waists, and the women's numeric sizes and shoe
 * sizes of the site's standard (US sizes on the American sites, UK or EU sizes on the others).
 */
export function acceptedSizes(m: AssistedMarketplace, standard: SizeStandard = 'US'): string[] {
  const common = [...m.letterSizes, m.oneSize, ...waistSizes.map(m.waist)];
  if (standard === 'UK') return [...common, ...ukDressSizes, ...ukShoeSizes];
  if (standard === 'EU') return [...common, ...euWomensSizes, ...euShoeSizes];
  return [...common, ...womensNumericSizes, ...shoeSizes.map(m.shoe)];
}

/** Every category path a marketplace accepts (its form's choices this app lists under). */
export const acceptedCategories = (m: AssistedMarketplace): string[] => categorySlots.map((slot) => m.categories[slot]);
