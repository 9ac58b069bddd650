import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import type { AutopilotRunResponse } from '@shared/contracts/autopilot';
import type { Bundle } from '@shared/contracts/bundles';
import type { Item } from '@shared/contracts/items';
import type { ItemProfitResponse } from '@shared/contracts/profit';
import { channelAccounts, channelListings, items, sellingPlanActions } from '../../db/schema';
import { seedEbayFields } from '../ebay-listings';
import { makeJpeg } from '../images';
import { writeLeviJeansListing } from '../listings';
import { connectSimulated } from '../simulated-consent';
import { createItemWithPhotos } from '../uploads';
import {
  apiMarkets,
  depopCountries,
  isSold,
  regionOf,
  simCountries,
  type ApiMarket,
  type ItemModel,
  type SellerModel,
  type SimCountry,
  type SimModel,
} from './model';
import { depopPaths } from '@shared/contracts/depop';
import type { SellingPlanResponse } from '@shared/contracts/selling-plan';
import { readTyped, typedAmountArb, type TypedAmount } from './typing';
import type { SentPrice, World } from './world';

/** What the commands act on: the real server, and what was sent to the marketplaces during the run. */
export interface SimReal {
  world: World;
  /** Every price the marketplaces received, in order, with the step that sent it. */
  sent: (SentPrice & { step: number })[];
  step: number;
  /** What the sequence reached on the simulated Depop (read from its products and orders after every step). */
  reached: Set<DepopReach>;
}

/**
 * What a sequence reached on the simulated Depop: a product on sale, a product bought by Depop's buyer (and the sale
 * recorded by the app), a like, an offer the app sent to a liker, a product carrying the automatic offer to its likers.
 */
export const depopReaches = ['live', 'sale', 'like', 'offer', 'automatic offer'] as const;
export type DepopReach = (typeof depopReaches)[number];

export class SimFailure extends Error {}

/** What the run did, counted (so a report says whether it sold, refunded and priced at all, not only that nothing broke). */
export const simStats = {
  live: 0,
  sales: 0,
  cancelled: 0,
  typedRefused: 0,
  typedAsked: 0,
  underFloorConfirmed: 0,
  planApproved: 0,
  refusedInWords: 0,
  pricesSent: 0,
  listingPricesChecked: 0,
  sendsFloorChecked: 0,
  autopilotReview: 0,
  depopConnected: 0,
  depopLikes: 0,
  depopOffersApproved: 0,
  depopOfferRules: 0,
  depopOffersChecked: 0,
  bundles: 0,
  pullsRetried: 0,
};
export function must(condition: unknown, message: string): asserts condition {
  if (!condition) throw new SimFailure(message);
}

type Cmd = fc.AsyncCommand<SimModel, SimReal, false>;
const jpeg = makeJpeg(64, 48);
const pick = <T>(list: readonly T[], index: number): T => list[index % list.length]!;
const sellerOf = (m: SimModel, index: number) => pick(m.sellers, index);
const itemOf = (m: SimModel, index: number) => pick(m.items, index);
const ownerOf = (m: SimModel, item: ItemModel) => m.sellers[item.seller]!;
/** An item of a seller with Depop connected, where there is one (a like or a Depop buyer finds nothing elsewhere). */
const depopItemOf = (m: SimModel, index: number) => {
  const onDepop = m.items.filter((item) => ownerOf(m, item).depopSellerId !== null);
  return onDepop.length > 0 ? pick(onDepop, index) : itemOf(m, index);
};
const itemView = async (r: SimReal, seller: SellerModel, id: string) =>
  (await r.world.api(seller.user, 'GET', `/api/items/${id}`)).json() as Item;

const location: Record<SimCountry, { postalCode: string; country: string; service: string }> = {
  US: { postalCode: '95125', country: 'US', service: 'USPSGroundAdvantage' },
  GB: { postalCode: 'SW1A 1AA', country: 'GB', service: 'UK_RoyalMailSecondClassStandard' },
  DE: { postalCode: '10115', country: 'DE', service: 'DE_DHLPaket' },
};

let sellerNumber = 0;
let itemNumber = 0;

/** Sign up in a country, connect the simulated eBay, Etsy and Shopify, set eBay's policies and the Etsy shop up. */
export class SignUp implements Cmd {
  constructor(readonly country: SimCountry) {}
  check = (m: Readonly<SimModel>) => m.sellers.length < 3;
  async run(m: SimModel, r: SimReal) {
    const { t, api } = r.world;
    const user = await t.makeUser();
    const region = await api(user, 'PUT', '/api/seller-region', { country: this.country });
    must(region.statusCode === 200, `seller region: ${region.statusCode} ${region.body}`);
    sellerNumber += 1;
    const shop = `sim-${sellerNumber}-${user.id.slice(0, 8)}`;
    const { currency, locale } = regionOf[this.country];
    // An Etsy shop in the seller's country prices in its currency (the simulated consent's own default is USD).
    for (const market of apiMarkets)
      await connectSimulated(t.app, user.cookie, market, shop, market === 'etsy' ? { shop_currency: currency } : {});
    const where = location[this.country];
    const services = (await api(user, 'GET', '/api/ebay/shipping-services')).json() as { services: { code: string }[] };
    const service = services.services.find((s) => s.code === where.service)?.code ?? services.services[0]?.code;
    must(service, `no eBay shipping service for a ${this.country} seller`);
    if (this.country !== 'US') {
      const contact = {
        companyName: 'Levi Strauss Europe',
        addressLine1: '1 Quay St',
        city: 'Dublin',
        postalCode: 'D02',
        country: 'IE',
        email: 'safety@example.com',
      };
      const safety = await api(user, 'PUT', `/api/ebay/product-safety/${encodeURIComponent("Levi's")}`, {
        manufacturer: contact,
        responsiblePerson: contact,
      });
      must(safety.statusCode === 200, `product safety: ${safety.statusCode} ${safety.body}`);
    }
    const policies = await api(user, 'POST', '/api/ebay/policies', {
      handlingTimeDays: 1,
      shippingServiceCode: service,
      shippingCost: '5.99',
      freeShipping: false,
      returnPeriodDays: 30,
    });
    must(policies.statusCode === 200, `eBay policies: ${policies.statusCode} ${policies.body}`);
    const located = await api(user, 'PUT', '/api/ebay/location', { name: 'Home', postalCode: where.postalCode, country: where.country });
    must(located.statusCode === 200, `eBay location: ${located.statusCode} ${located.body}`);
    const etsy = await api(user, 'POST', '/api/etsy/shop-setup', {
      shipping: {
        originPostalCode: where.postalCode,
        originCountry: where.country,
        price: { amountMinor: 500, currency },
        processingDaysMin: 1,
        processingDaysMax: 3,
      },
      returns: { acceptsReturns: true, days: 30 },
    });
    must(etsy.statusCode === 200, `Etsy shop setup: ${etsy.statusCode} ${etsy.body}`);
    m.sellers.push({ user, country: this.country, currency, locale, shop, connected: new Set(apiMarkets), depopSellerId: null });
    return;
  }
  toString = () => `SignUp(${this.country})`;
}

/** The price list: Mens Jeans at the typed amount. */
export class SetPriceList implements Cmd {
  constructor(
    readonly seller: number,
    readonly typed: TypedAmount,
  ) {}
  check = (m: Readonly<SimModel>) => m.sellers.length > 0;
  async run(m: SimModel, r: SimReal) {
    const seller = sellerOf(m, this.seller);
    const read = readTyped(this.typed, seller.currency, seller.locale);
    checkTyping(read, this.typed, 'price list');
    if (read.minor === null) return;
    const body = { currency: seller.currency, rows: [{ category: 'Mens Jeans', amountMinor: read.minor }], adjustments: [] };
    const answer = await r.world.api(seller.user, 'PUT', '/api/price-list', body);
    must(answer.statusCode === 200, `price list in ${seller.currency}: ${answer.statusCode} ${answer.body}`);
    const saved = (await r.world.api(seller.user, 'GET', '/api/price-list')).json();
    must(
      saved.currency === seller.currency && saved.rows[0]?.amountMinor === read.minor,
      `price list typed "${read.text}" stored as ${JSON.stringify(saved)}`,
    );
    return;
  }
  toString = () => `SetPriceList(seller ${this.seller}, ${JSON.stringify(this.typed)})`;
}

/** A new item with a photo and its listing written (the AI's part, written directly as the tests do). */
export class AddItem implements Cmd {
  constructor(
    readonly seller: number,
    /** The AI's suggested price, when it suggested one (never the seller's own price). */
    readonly suggestedMinor: number | null = null,
  ) {}
  check = (m: Readonly<SimModel>) => m.sellers.length > 0 && m.items.length < 8;
  async run(m: SimModel, r: SimReal) {
    const index = this.seller % m.sellers.length;
    const seller = m.sellers[index]!;
    const { item } = await createItemWithPhotos(r.world.t.app, seller.user.cookie, [{ name: '1.jpg', bytes: await jpeg }]);
    must(item.currency === seller.currency, `a ${seller.country} seller's item is counted in ${item.currency}`);
    // SKUs are each seller's own, so two sellers' first items share one: a SKU of the run's own tells the wire's apart.
    itemNumber += 1;
    const sku = `SIM${itemNumber}`;
    const renamed = await r.world.api(seller.user, 'PATCH', `/api/items/${item.id}`, { sku });
    must(renamed.statusCode === 200, `sku: ${renamed.statusCode} ${renamed.body}`);
    const db = r.world.t.deps.database.db;
    await writeLeviJeansListing(db, item.id);
    await db
      .update(items)
      .set({
        category: 'Mens Jeans',
        aiSuggestedPriceMinor: this.suggestedMinor,
        extractedBrand: "Levi's",
        // What Depop's preflight reads (its brand and condition).
        brand: "Levi's",
        condition: 'good',
        extractedSize: '32',
        extractedSizeType: 'Regular',
        extractedColor: 'Blue',
        // Written (the autopilot does not write it again).
        aiGenerationStatus: 'completed',
      })
      .where(eq(items.id, item.id));
    await seedEbayFields(db, seller.user.id, item.id, { categoryId: '11483', conditionGrade: 'good' });
    await r.world.t.deps.services.channels.etsy.marketplace.saveWhenMade(seller.user.id, item.id, '1990s');
    // Depop's own fields, as the seller saves them (a jeans size and national shipping in the seller's currency).
    const depopFields = await r.world.api(seller.user, 'PUT', depopPaths.itemAnswers.replace(':id', item.id), {
      productType: null,
      sizeSetId: 60,
      sizeId: 28,
      nationalShipping: { amountMinor: 350, currency: seller.currency },
    });
    must(depopFields.statusCode === 200, `Depop's fields: ${depopFields.statusCode} ${depopFields.body}`);
    m.items.push({ id: item.id, seller: index, sku, costMinor: null, bundle: null, confirmed: new Set(), sales: [], cancelled: [] });
    return;
  }
  toString = () => `AddItem(seller ${this.seller}, AI suggests ${this.suggestedMinor})`;
}

/** The item's cost typed, or cleared. */
export class SetCost implements Cmd {
  constructor(
    readonly item: number,
    readonly typed: TypedAmount | null,
  ) {}
  check = (m: Readonly<SimModel>) => m.items.length > 0;
  async run(m: SimModel, r: SimReal) {
    const item = itemOf(m, this.item);
    const seller = ownerOf(m, item);
    let costMinor: number | null = null;
    if (this.typed) {
      const read = readTyped(this.typed, seller.currency, seller.locale);
      checkTyping(read, this.typed, 'cost');
      if (read.minor === null) return;
      costMinor = read.minor;
    }
    const cost = costMinor === null ? null : { amountMinor: costMinor, currency: seller.currency };
    const answer = await r.world.api(seller.user, 'PATCH', `/api/items/${item.id}`, { cost });
    if (item.bundle !== null) {
      // Its cost is its share of a bundle: refused in words, the share kept.
      must(
        answer.statusCode === 409 && answer.body.includes('share of a bundle'),
        `cost of a bundled item: ${answer.statusCode} ${answer.body}`,
      );
      simStats.refusedInWords++;
      return;
    }
    must(answer.statusCode === 200, `cost: ${answer.statusCode} ${answer.body}`);
    item.costMinor = costMinor;
    await r.world.settle();
    const view = await itemView(r, seller, item.id);
    must(
      (view.cost?.amountMinor ?? null) === costMinor && (view.cost === null || view.cost.currency === seller.currency),
      `cost typed ${JSON.stringify(this.typed)} stored as ${JSON.stringify(view.cost)}`,
    );
    return;
  }
  toString = () => `SetCost(item ${this.item}, ${JSON.stringify(this.typed)})`;
}

/**
 * Two or three of the seller's items bought together for one price (a bundle), split by expected price or equally:
 * each share is the item's cost, the shares sum to the price exactly, in the seller's currency.
 */
export class BuyBundle implements Cmd {
  constructor(
    readonly seller: number,
    readonly count: number,
    readonly typed: TypedAmount,
    readonly split: 'equal' | 'expected-price',
  ) {}
  check = (m: Readonly<SimModel>) => m.sellers.length > 0;
  async run(m: SimModel, r: SimReal) {
    const index = this.seller % m.sellers.length;
    const seller = m.sellers[index]!;
    const members = m.items.filter((item) => item.seller === index && item.bundle === null).slice(-this.count);
    if (members.length < 2) return;
    const read = readTyped(this.typed, seller.currency, seller.locale);
    checkTyping(read, this.typed, 'bundle cost');
    if (read.minor === null) return;
    const answer = await r.world.api(seller.user, 'POST', '/api/bundles', {
      cost: { amountMinor: read.minor, currency: seller.currency },
      split: this.split,
      source: 'Car boot sale',
      itemIds: members.map((item) => item.id),
    });
    must(answer.statusCode === 200 || answer.statusCode === 201, `bundle: ${answer.statusCode} ${answer.body}`);
    const bundle = answer.json() as Bundle;
    const shares = new Map(bundle.items.map((member) => [member.itemId, member.share]));
    must(
      members.every((item) => shares.get(item.id)?.currency === seller.currency),
      `bundle shares ${JSON.stringify(bundle.items)} not one each in ${seller.currency}`,
    );
    const sum = [...shares.values()].reduce((total, share) => total + share.amountMinor, 0);
    must(sum === read.minor && shares.size === members.length, `bundle of ${read.minor} split into ${JSON.stringify(bundle.items)}`);
    for (const item of members) {
      item.costMinor = shares.get(item.id)!.amountMinor;
      item.bundle = bundle.id;
    }
    simStats.bundles++;
    await r.world.settle();
    for (const item of members) {
      const view = await itemView(r, seller, item.id);
      must(view.cost?.amountMinor === item.costMinor, `bundled item's cost ${JSON.stringify(view.cost)}, its share ${item.costMinor}`);
    }
  }
  toString = () => `BuyBundle(seller ${this.seller}, ${this.count} items, ${JSON.stringify(this.typed)}, ${this.split})`;
}

const pricePaths = ['publish-settings', 'ebay-publish', 'change-live'] as const;
type PricePath = (typeof pricePaths)[number];

/**
 * A price the seller sets through one of the screens: Publish Settings (saved, not published), the eBay publish form,
 * or Change price on a live listing (saved, then the listing revised). Under the floor the server asks; the seller
 * confirms (`confirm`) or leaves it.
 */
export class SetPrice implements Cmd {
  constructor(
    readonly item: number,
    readonly path: PricePath,
    readonly typed: TypedAmount,
    readonly confirm: boolean,
  ) {}
  check = (m: Readonly<SimModel>) => m.items.length > 0;
  async run(m: SimModel, r: SimReal) {
    const item = itemOf(m, this.item);
    const seller = ownerOf(m, item);
    const read = readTyped(this.typed, seller.currency, seller.locale);
    checkTyping(read, this.typed, 'price');
    if (read.minor === null || read.minor === 0) return;
    const price = { amountMinor: read.minor, currency: seller.currency };
    const send = (confirmUnderFloor: boolean) =>
      this.path === 'ebay-publish'
        ? r.world.api(seller.user, 'POST', `/api/items/${item.id}/publish`, {
            ...publishForm,
            price,
            ...(confirmUnderFloor ? { confirmUnderFloor } : {}),
          })
        : r.world.api(seller.user, 'PUT', `/api/items/${item.id}/publish-settings`, {
            price,
            ...(confirmUnderFloor ? { confirmUnderFloor } : {}),
          });
    let answer = await send(false);
    if (answer.statusCode >= 400 && this.confirm && /floor/i.test(answer.body)) {
      item.confirmed.add(read.minor);
      simStats.underFloorConfirmed += 1;
      answer = await send(true);
    }
    must(answer.statusCode < 500, `${this.path}: ${answer.statusCode} ${answer.body}`);
    if (answer.statusCode >= 400) {
      must(messageOf(answer.body), `${this.path} refused ${read.text} without words: ${answer.body}`);
      return;
    }
    // Set with no cost, there was no floor to ask about: the price is the seller's own choice, which a cost typed
    // later does not take back (the listing keeps it until the seller changes it).
    if (item.costMinor === null) item.confirmed.add(read.minor);
    if (this.path === 'change-live') {
      const view = await itemView(r, seller, item.id);
      for (const listing of view.listings.filter((l) => l.status === 'live' && (apiMarkets as readonly string[]).includes(l.channel)))
        await r.world.api(seller.user, 'POST', `/api/items/${item.id}/listings/${listing.channel}/revise`);
    }
    await r.world.settle();
    return;
  }
  toString = () => `SetPrice(item ${this.item}, ${this.path}, ${JSON.stringify(this.typed)}, confirm ${this.confirm})`;
}

const publishForm = {
  quantity: 1,
  condition: 'excellent',
  categoryId: '11483',
  sizeType: 'Regular',
  size: '32',
  brand: 'Levi',
  color: 'Blue',
};

/** List the item on some channels at once (eBay's bulk path, Etsy, Shopify, and an assisted hand-over to Depop). */
export class Publish implements Cmd {
  constructor(
    readonly item: number,
    readonly channels: string[],
  ) {}
  check = (m: Readonly<SimModel>) => m.items.length > 0;
  async run(m: SimModel, r: SimReal) {
    const item = itemOf(m, this.item);
    const seller = ownerOf(m, item);
    const answer = await r.world.api(seller.user, 'POST', '/api/channels/listings', { itemIds: [item.id], channels: this.channels });
    must(answer.statusCode === 200, `list on ${this.channels}: ${answer.statusCode} ${answer.body}`);
    for (const outcome of answer.json().channels as { refused: { message: string }[] }[])
      for (const refused of outcome.refused) {
        must(refused.message, `a refusal without words: ${answer.body}`);
        simStats.refusedInWords += 1;
        if (process.env.SIM_VERBOSE) console.log(`    refused: ${refused.message}`);
      }
    await r.world.settle();
    const listed = (await itemView(r, seller, item.id)).listings;
    simStats.live += listed.filter((l) => l.status === 'live').length;
    if (process.env.SIM_VERBOSE)
      console.log(`    ${seller.country}: ${listed.map((l) => `${l.channel} ${l.status}${l.error ? ` (${l.error})` : ''}`).join('; ')}`);
    return;
  }
  toString = () => `Publish(item ${this.item}, [${this.channels.join(', ')}])`;
}

/**
 * The selling plan: a drop rule (on fixed days, or timed to each listing's predicted days to sale, decision 152), the
 * week planned, some actions approved and some rejected, the due ones applied. Every drop planned is at or above the
 * floor it shows (invariant 1 then checks every price sent).
 */
export class DecidePlan implements Cmd {
  constructor(
    readonly seller: number,
    readonly basisPoints: number,
    readonly approve: boolean[],
    readonly timing: 'fixed' | 'predicted' = 'fixed',
  ) {}
  check = (m: Readonly<SimModel>) => m.sellers.length > 0;
  async run(m: SimModel, r: SimReal) {
    const seller = sellerOf(m, this.seller);
    const rule = {
      scope: 'all',
      enabled: true,
      dropSteps: [{ afterDays: 0, basisPoints: this.basisPoints }],
      relistAfterDays: null,
      automatic: false,
      dropTiming: this.timing,
    };
    const saved = await r.world.api(seller.user, 'PUT', '/api/selling-plan/rules', { rules: [rule] });
    must(saved.statusCode === 200, `plan rules: ${saved.statusCode} ${saved.body}`);
    const plan = (await r.world.api(seller.user, 'GET', '/api/selling-plan')).json();
    for (const action of plan.actions as {
      kind: string;
      sku: string;
      price: { amountMinor: number };
      floor: { amountMinor: number } | null;
    }[])
      if (action.kind === 'drop')
        must(
          action.floor !== null && action.price.amountMinor >= action.floor.amountMinor,
          `a drop planned for ${action.sku} under its floor (${this.timing} timing): ${JSON.stringify(action)}`,
        );
    const pending = (plan.actions as { id: string | null; decision: string }[]).filter((a) => a.id && a.decision === 'pending');
    const approve = pending.filter((_, i) => this.approve[i % Math.max(1, this.approve.length)]).map((a) => a.id!);
    const reject = pending.filter((a) => !approve.includes(a.id!)).map((a) => a.id!);
    const decided = await r.world.api(seller.user, 'POST', '/api/selling-plan/decisions', { approve, reject });
    must(decided.statusCode === 200, `plan decisions: ${decided.statusCode} ${decided.body}`);
    simStats.planApproved += approve.length;
    await r.world.settle();
    return;
  }
  toString = () => `DecidePlan(seller ${this.seller}, ${this.basisPoints / 100}%, [${this.approve.join(', ')}], ${this.timing})`;
}

/** Days pass: every listing and planned action of every seller moves that much into the past; the plan runs, the sales pulls too. */
class PassDays implements Cmd {
  constructor(readonly days: number) {}
  check = (m: Readonly<SimModel>) => m.sellers.length > 0;
  async run(m: SimModel, r: SimReal) {
    const db = r.world.t.deps.database.db;
    const shift = sql.raw(`interval '${this.days} days'`);
    for (const seller of m.sellers) {
      await db
        .update(channelListings)
        .set({ listedAt: sql`${channelListings.listedAt} - ${shift}` })
        .where(and(eq(channelListings.userId, seller.user.id), sql`${channelListings.listedAt} is not null`));
      await db
        .update(sellingPlanActions)
        .set({ dueAt: sql`${sellingPlanActions.dueAt} - ${shift}` })
        .where(eq(sellingPlanActions.userId, seller.user.id));
      const plan = r.world.t.deps.services.sellingPlan;
      await plan.refresh(seller.user.id);
      await plan.apply(seller.user.id);
    }
    await r.world.settle();
    for (const seller of m.sellers) for (const market of seller.connected) await pullAsTheJobDoes(r, seller.user.id, market);
    await r.world.settle();
    return;
  }
  toString = () => `PassDays(${this.days})`;
}

/**
 * The sales pull as its job runs it: a marketplace busy or out of reach (a connection reset on a loaded machine) is
 * pulled again after a pause, a few times, as the job retries; anything else fails the step.
 */
async function pullAsTheJobDoes(r: SimReal, userId: string, market: ApiMarket) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await r.world.t.deps.services.sales.pullSalesOf(userId, market);
    } catch (error) {
      const kind = r.world.t.deps.services.marketplaces[market].publishFailureOf(error).kind;
      if ((kind !== 'busy' && kind !== 'unreachable') || attempt >= 4) throw error;
      simStats.pullsRetried += 1;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

const sellWays = ['ebay', 'etsy', 'shopify', 'depop', 'vinted-by-hand', 'ebay+etsy', 'etsy+shopify', 'depop+ebay'] as const;
type SellWay = (typeof sellWays)[number];

/**
 * A buyer buys on one marketplace (or two at once, before either pull) where the item is live, or the seller records a
 * sale on Vinted by hand (an assisted hand-over); the app hears it by the pull (the check route, or the pull job), or,
 * on Depop, by the simulated buyer's order and Depop's signed webhook (the simulated sale route).
 */
export class Sell implements Cmd {
  constructor(
    readonly item: number,
    readonly way: SellWay,
    readonly byRoute: boolean,
    /** The buyer is on Depop looking at the seller's shop: the item is one of a seller with Depop connected. */
    readonly depopShopper = false,
  ) {}
  check = (m: Readonly<SimModel>) => m.items.length > 0;
  async run(m: SimModel, r: SimReal) {
    const item = this.depopShopper ? depopItemOf(m, this.item) : itemOf(m, this.item);
    const seller = ownerOf(m, item);
    const view = await itemView(r, seller, item.id);
    const setups = r.world.t.deps.channelSetups;
    if (this.way === 'vinted-by-hand') {
      const price = { amountMinor: 2500, currency: seller.currency };
      const answer = await r.world.api(seller.user, 'POST', `/api/items/${item.id}/channels/vinted/sale`, {
        price,
        fees: { amountMinor: 250, currency: seller.currency },
        soldAt: new Date().toISOString().slice(0, 10),
      });
      if (answer.statusCode === 201) {
        item.sales.push({ channel: 'vinted', ref: 'by-hand' });
        simStats.sales += 1;
      } else must(answer.statusCode === 409 && messageOf(answer.body), `sale by hand: ${answer.statusCode} ${answer.body}`);
      await r.world.settle();
      return;
    }
    const markets = this.way.split('+') as (ApiMarket | 'depop')[];
    const bought: ApiMarket[] = [];
    for (const market of markets) {
      const listing = view.listings.find((l) => l.channel === market);
      if (market === 'depop') {
        if (listing?.status !== 'live') continue;
        // Depop's buyer buys; the order's signed webhook reaches the app in the same request.
        const answer = await r.world.api(seller.user, 'POST', depopPaths.simulatedSale.replace(':itemId', item.id));
        must(answer.statusCode < 500, `sale on Depop: ${answer.statusCode} ${answer.body}`);
        if (answer.statusCode === 200 && (answer.json() as { newSales: number }).newSales > 0) {
          item.sales.push({ channel: 'depop', ref: 'buyer' });
          simStats.sales += 1;
        } else must(messageOf(answer.body) ?? answer.statusCode === 200, `sale on Depop refused without words: ${answer.body}`);
        continue;
      }
      if (listing?.status !== 'live') continue;
      let ok: boolean;
      if (market === 'ebay') {
        const listingId = (listing.part as { listingId?: string }).listingId ?? new URL(listing.url!).pathname.split('/').pop()!;
        ok = setups.ebay.simulation!.buy(listingId, seller.user.id);
      } else if (market === 'etsy') {
        ok = setups.etsy.simulation!.buy(new URL(listing.url!).pathname.split('/').filter(Boolean)[1]!, seller.user.id);
      } else {
        ok = await setups.shopify.simulation!.buy((listing.part as { shop?: string }).shop ?? seller.shop, item.sku);
      }
      if (ok) bought.push(market);
    }
    for (const market of bought) {
      if (this.byRoute) {
        const checked = await r.world.api(seller.user, 'POST', `/api/channels/${market}/sales/check`);
        must(checked.statusCode === 200, `check ${market}: ${checked.statusCode} ${checked.body}`);
      } else await pullAsTheJobDoes(r, seller.user.id, market);
      item.sales.push({ channel: market, ref: 'buyer' });
      simStats.sales += 1;
    }
    await r.world.settle();
    return;
  }
  toString = () =>
    `Sell(item ${this.item}${this.depopShopper ? ' of a Depop seller' : ''}, ${this.way}, ${this.byRoute ? 'check route' : 'pull job'})`;
}

const cancellable = (channel: string) => (apiMarkets as readonly string[]).includes(channel);

/**
 * The seller cancels (refunds) a sale on the marketplace's own order page, as the simulated eBay, Etsy and Shopify
 * offer it; the next pull takes it back.
 */
class CancelSale implements Cmd {
  constructor(
    readonly item: number,
    readonly byRoute: boolean,
  ) {}
  check = (m: Readonly<SimModel>) => m.items.some((item) => item.sales.some((sale) => cancellable(sale.channel)));
  async run(m: SimModel, r: SimReal) {
    const sold = m.items.filter((item) => item.sales.some((sale) => cancellable(sale.channel)));
    const item = pick(sold, this.item);
    const seller = ownerOf(m, item);
    const profit = (await r.world.api(seller.user, 'GET', `/api/items/${item.id}/profit`)).json() as ItemProfitResponse;
    // A cancel on a marketplace the seller disconnected is theirs to record: the app hears nothing from there.
    const sale = profit.sales.find((s) => !s.cancelledAt && cancellable(s.channel) && seller.connected.has(s.channel as ApiMarket));
    if (!sale) return;
    const market = sale.channel as ApiMarket;
    const listing = (await itemView(r, seller, item.id)).listings.find((l) => l.channel === market);
    const page = r.world.t.deps.services.marketplaces[market].orderUrl(listing?.url ?? null, sale.orderId);
    must(page, `no order page for ${market} order ${sale.orderId}`);
    const path = new URL(page).pathname;
    const [url, form] =
      market === 'ebay'
        ? ['/simulated-ebay/sh/ord/cancel', { orderid: sale.orderId }]
        : market === 'etsy'
          ? ['/simulated-etsy/your/orders/cancel', { order_id: new URL(page).searchParams.get('order_id') ?? sale.orderId }]
          : [`${path}/cancel`, {}];
    const answer = await r.world.t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: seller.user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    must(answer.statusCode === 200, `cancel on ${market}: ${answer.statusCode} ${answer.body.slice(0, 300)}`);
    if (this.byRoute) await r.world.api(seller.user, 'POST', `/api/channels/${market}/sales/check`);
    else await r.world.t.deps.services.sales.pullSalesOf(seller.user.id, market);
    const at = item.sales.findIndex((s) => s.channel === market);
    item.cancelled.push(...item.sales.splice(at, 1));
    simStats.cancelled += 1;
    await r.world.settle();
    return;
  }
  toString = () => `CancelSale(item ${this.item}, ${this.byRoute ? 'check route' : 'pull job'})`;
}

/**
 * The item put on the autopilot ("Publish when ready") with a rule: the AI's price or eBay's comparables' median plus
 * or minus a percent, on some marketplaces, maybe with a floor typed. Where it waits in review for its price, the
 * seller may continue with a price of their own (confirming it when it is under their profit floor).
 */
export class Autopilot implements Cmd {
  constructor(
    readonly item: number,
    readonly channels: ApiMarket[],
    readonly basis: 'ai' | 'comparables',
    readonly percent: number,
    readonly floor: TypedAmount | null,
    readonly ownPrice: TypedAmount | null,
    readonly confirm: boolean,
  ) {}
  check = (m: Readonly<SimModel>) => m.items.length > 0;
  async run(m: SimModel, r: SimReal) {
    const item = itemOf(m, this.item);
    const seller = ownerOf(m, item);
    let floorMinor: number | null = null;
    if (this.floor) {
      const read = readTyped(this.floor, seller.currency, seller.locale);
      checkTyping(read, this.floor, 'autopilot floor');
      floorMinor = read.minor;
    }
    const rule = {
      channels: this.channels,
      priceBasis: this.basis,
      percent: this.percent,
      floor: floorMinor === null ? null : { amountMinor: floorMinor, currency: seller.currency },
    };
    const answer = await r.world.api(seller.user, 'POST', '/api/autopilot/items', { itemIds: [item.id], rule });
    must(answer.statusCode === 200, `autopilot: ${answer.statusCode} ${answer.body}`);
    await r.world.settle();
    const run = (await r.world.api(seller.user, 'GET', '/api/autopilot')).json() as AutopilotRunResponse;
    const waiting = run.run?.review.find((entry) => entry.itemId === item.id);
    if (waiting) {
      for (const reason of waiting.reasons) must(reason.message, `autopilot review without words: ${JSON.stringify(reason)}`);
      simStats.autopilotReview += 1;
      if (process.env.SIM_VERBOSE) console.log(`    review: ${waiting.reasons.map((reason) => reason.message).join(' | ')}`);
    }
    if (!waiting || !this.ownPrice) return;
    const read = readTyped(this.ownPrice, seller.currency, seller.locale);
    checkTyping(read, this.ownPrice, 'autopilot price');
    if (read.minor === null || read.minor === 0) return;
    const price = { amountMinor: read.minor, currency: seller.currency };
    let sent = await r.world.api(seller.user, 'POST', `/api/autopilot/items/${item.id}/continue`, { price });
    must(sent.statusCode < 500, `autopilot continue: ${sent.statusCode} ${sent.body}`);
    if (item.costMinor === null) item.confirmed.add(read.minor);
    await r.world.settle();
    const again = (await r.world.api(seller.user, 'GET', '/api/autopilot')).json() as AutopilotRunResponse;
    const asks = again.run?.review.find((entry) => entry.itemId === item.id)?.reasons.some((reason) => reason.code === 'confirm-price');
    if (asks && this.confirm) {
      item.confirmed.add(read.minor);
      simStats.underFloorConfirmed += 1;
      sent = await r.world.api(seller.user, 'POST', `/api/autopilot/items/${item.id}/continue`, { price, confirmUnderFloor: true });
      must(sent.statusCode < 500, `autopilot continue, confirmed: ${sent.statusCode} ${sent.body}`);
      await r.world.settle();
    }
    if (process.env.SIM_VERBOSE) {
      const after = (await r.world.api(seller.user, 'GET', '/api/autopilot')).json() as AutopilotRunResponse;
      const still = after.run?.review.find((entry) => entry.itemId === item.id);
      console.log(`    after ${read.text}: ${still ? still.reasons.map((reason) => reason.message).join(' | ') : 'out of review'}`);
    }
    return;
  }
  toString = () =>
    `Autopilot(item ${this.item}, [${this.channels.join(', ')}], ${this.basis} ${this.percent}%, floor ${JSON.stringify(this.floor)}, own price ${JSON.stringify(this.ownPrice)}, confirm ${this.confirm})`;
}

/** The seller disconnects a marketplace. */
export class Disconnect implements Cmd {
  constructor(
    readonly seller: number,
    readonly market: ApiMarket,
  ) {}
  check = (m: Readonly<SimModel>) => m.sellers.length > 0;
  async run(m: SimModel, r: SimReal) {
    const seller = sellerOf(m, this.seller);
    let answer = await r.world.api(seller.user, 'DELETE', `/api/channels/${this.market}/connection`);
    must(answer.statusCode < 500, `disconnect ${this.market}: ${answer.statusCode} ${answer.body}`);
    if (answer.statusCode === 409 && /still up on/.test(messageOf(answer.body) ?? '')) {
      // Listings are up there: the seller ends them all as the app asks, then disconnects.
      const ending = await r.world.api(seller.user, 'POST', `/api/channels/${this.market}/listings/end`);
      must(ending.statusCode === 200, `end every listing on ${this.market}: ${ending.statusCode} ${ending.body}`);
      await r.world.settle();
      answer = await r.world.api(seller.user, 'DELETE', `/api/channels/${this.market}/connection`);
      must(answer.statusCode === 200, `disconnect ${this.market} once its listings ended: ${answer.statusCode} ${answer.body}`);
    }
    seller.connected.delete(this.market);
    await r.world.settle();
    return;
  }
  toString = () => `Disconnect(seller ${this.seller}, ${this.market})`;
}

/**
 * The seller connects Depop through its consent (OAuth with PKCE to the simulated Depop), choosing the site of their
 * country; Depop has no German site, so a DE seller is told so and stays unconnected.
 */
export class ConnectDepop implements Cmd {
  constructor(readonly seller: number) {}
  check = (m: Readonly<SimModel>) => m.sellers.length > 0;
  async run(m: SimModel, r: SimReal) {
    const seller = sellerOf(m, this.seller);
    if (seller.depopSellerId !== null || !depopCountries.includes(seller.country)) return;
    const { t, api } = r.world;
    const start = await api(seller.user, 'POST', '/api/channels/depop/connect', {});
    must(start.statusCode === 200, `Depop connect: ${start.statusCode} ${start.body}`);
    const consent = new URL((start.json() as { url: string }).url);
    must(consent.searchParams.get('code_challenge_method') === 'S256', `Depop consent without PKCE: ${consent.toString()}`);
    const page = await api(seller.user, 'GET', `${consent.pathname}${consent.search}`);
    must(page.statusCode === 200, `Depop consent page: ${page.statusCode}`);
    const form = new URLSearchParams({ decision: 'allow', country: seller.country });
    for (const name of ['client_id', 'redirect_uri', 'state', 'code_challenge', 'scope'])
      form.set(name, consent.searchParams.get(name) ?? '');
    const allowed = await t.app.inject({
      method: 'POST',
      url: consent.pathname,
      payload: form.toString(),
      headers: { cookie: seller.user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    must(allowed.statusCode === 302, `Depop consent: ${allowed.statusCode} ${allowed.body}`);
    const back = new URL(allowed.headers.location as string);
    const done = await api(seller.user, 'POST', '/api/channels/depop/connection', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    must(done.statusCode < 300, `Depop connection: ${done.statusCode} ${done.body}`);
    const [account] = await t.deps.database.db
      .select()
      .from(channelAccounts)
      .where(and(eq(channelAccounts.userId, seller.user.id), eq(channelAccounts.channel, 'depop')));
    must(account, `Depop connected and no account row for ${seller.user.id}`);
    seller.depopSellerId = Number(account.accountRef);
    simStats.depopConnected += 1;
    await r.world.settle();
    return;
  }
  toString = () => `ConnectDepop(seller ${this.seller})`;
}

/** The seller's offers to Depop likers: on or off, a percent off, asking first (the plan) or not (Depop's automatic offer). */
export class SetOfferRule implements Cmd {
  constructor(
    readonly seller: number,
    readonly enabled: boolean,
    readonly percentOff: number,
    readonly askFirst: boolean,
  ) {}
  check = (m: Readonly<SimModel>) => m.sellers.length > 0;
  async run(m: SimModel, r: SimReal) {
    const seller = sellerOf(m, this.seller);
    const rule = { enabled: this.enabled, percentOff: this.percentOff, askFirst: this.askFirst };
    const answer = await r.world.api(seller.user, 'PUT', depopPaths.offerRule, rule);
    must(answer.statusCode < 500, `offer rule: ${answer.statusCode} ${answer.body}`);
    if (answer.statusCode >= 400) {
      must(messageOf(answer.body), `offer rule ${JSON.stringify(rule)} refused without words: ${answer.body}`);
      return;
    }
    const saved = (await r.world.api(seller.user, 'GET', depopPaths.offerRule)).json() as typeof rule;
    must(
      saved.enabled === rule.enabled && saved.percentOff === rule.percentOff && saved.askFirst === rule.askFirst,
      `offer rule ${JSON.stringify(rule)} saved as ${JSON.stringify(saved)}`,
    );
    simStats.depopOfferRules += 1;
    await r.world.settle();
    return;
  }
  toString = () =>
    `SetOfferRule(seller ${this.seller}, ${this.enabled ? 'on' : 'off'}, ${this.percentOff}% off, ask first ${this.askFirst})`;
}

/**
 * A simulated Depop buyer likes an item live on Depop (Depop's signed `v1:product.like` webhook); the seller, watching
 * the plan, may approve the offer it asks for at once (`approve`), as ApproveOffers does later otherwise.
 */
export class LikeOnDepop implements Cmd {
  constructor(
    readonly item: number,
    readonly approve = false,
  ) {}
  check = (m: Readonly<SimModel>) => m.items.length > 0;
  async run(m: SimModel, r: SimReal) {
    const item = depopItemOf(m, this.item);
    const seller = ownerOf(m, item);
    const listing = (await itemView(r, seller, item.id)).listings.find((l) => l.channel === 'depop');
    if (listing?.status !== 'live') return;
    const answer = await r.world.api(seller.user, 'POST', depopPaths.simulatedLike.replace(':itemId', item.id));
    must(answer.statusCode === 200, `like on Depop: ${answer.statusCode} ${answer.body}`);
    simStats.depopLikes += 1;
    await r.world.settle();
    if (this.approve) await approveWaitingOffers(r, seller);
    return;
  }
  toString = () => `LikeOnDepop(item ${this.item} of a Depop seller${this.approve ? ', approved at once' : ''})`;
}

/** Every offer to likers waiting in the seller's plan, approved; the jobs send them through Depop. */
async function approveWaitingOffers(r: SimReal, seller: SellerModel) {
  const answer = await r.world.api(seller.user, 'GET', '/api/selling-plan');
  must(answer.statusCode === 200, `selling plan: ${answer.statusCode} ${answer.body}`);
  const pending = (answer.json() as SellingPlanResponse).actions.filter((a) => a.kind === 'offer' && a.decision === 'pending');
  if (pending.length === 0) return;
  const decided = await r.world.api(seller.user, 'POST', '/api/selling-plan/decisions', { approve: pending.map((a) => a.id) });
  must(decided.statusCode === 200, `approve offers: ${decided.statusCode} ${decided.body}`);
  simStats.depopOffersApproved += pending.length;
  await r.world.settle();
}

/** The seller approves every offer to likers waiting in the week's plan; the jobs send them through Depop. */
export class ApproveOffers implements Cmd {
  constructor(readonly seller: number) {}
  check = (m: Readonly<SimModel>) => m.sellers.length > 0;
  async run(m: SimModel, r: SimReal) {
    const onDepop = m.sellers.filter((seller) => seller.depopSellerId !== null);
    await approveWaitingOffers(r, onDepop.length > 0 ? pick(onDepop, this.seller) : sellerOf(m, this.seller));
    return;
  }
  toString = () => `ApproveOffers(seller ${this.seller})`;
}

function checkTyping(read: ReturnType<typeof readTyped>, typed: TypedAmount, field: string) {
  if (read.refusal) simStats.typedRefused += 1;
  if (read.asked) simStats.typedAsked += 1;
  must(
    read.minor === typed.meantMinor || (read.minor === null && read.refusal),
    `invariant 2: "${read.text}" typed in the ${field} meaning ${typed.meantMinor} was read as ${read.minor}${read.refusal ? ` (${read.refusal})` : ''}`,
  );
}

function messageOf(body: string): string | null {
  try {
    const json = JSON.parse(body) as { error?: { message?: string }; message?: string };
    return json.error?.message ?? json.message ?? null;
  } catch {
    return null;
  }
}

const index = fc.nat({ max: 7 });
const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => Array.from({ length: weight }, () => arbitrary);
export const channelsArb = fc.subarray(['ebay', 'etsy', 'shopify', 'depop'], { minLength: 1 });
/** The seller's actions, each kind repeated by how often a seller's week has it (fc.commands draws them evenly). */
export const simCommands: fc.Arbitrary<Cmd>[] = [
  fc.constantFrom(...simCountries).map((country) => new SignUp(country)),
  fc.tuple(index, typedAmountArb()).map(([s, typed]) => new SetPriceList(s, typed)),
  ...weighted(
    2,
    fc.tuple(index, fc.option(fc.integer({ min: 500, max: 9_000 }))).map(([s, suggested]) => new AddItem(s, suggested)),
  ),
  ...weighted(
    2,
    fc.tuple(index, fc.option(typedAmountArb(), { freq: 4 })).map(([i, typed]) => new SetCost(i, typed)),
  ),
  fc
    .tuple(index, fc.integer({ min: 2, max: 3 }), typedAmountArb(), fc.constantFrom('equal' as const, 'expected-price' as const))
    .map(([s, count, typed, split]) => new BuyBundle(s, count, typed, split)),
  ...weighted(
    3,
    fc
      .tuple(index, fc.constantFrom(...pricePaths), typedAmountArb(), fc.boolean())
      .map(([i, path, typed, confirm]) => new SetPrice(i, path, typed, confirm)),
  ),
  ...weighted(
    3,
    fc.tuple(index, channelsArb).map(([i, channels]) => new Publish(i, channels)),
  ),
  ...weighted(
    2,
    fc
      .tuple(
        index,
        fc.constantFrom(500, 1000, 3000),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
        fc.constantFrom('fixed' as const, 'predicted' as const),
      )
      .map(([s, bp, approve, timing]) => new DecidePlan(s, bp, approve, timing)),
  ),
  ...weighted(
    2,
    fc.integer({ min: 1, max: 10 }).map((days) => new PassDays(days)),
  ),
  ...weighted(
    4,
    fc.tuple(index, fc.constantFrom(...sellWays), fc.boolean()).map(([i, way, byRoute]) => new Sell(i, way, byRoute)),
  ),
  // Depop's buyer as often again (Depop is one way in eight above): the sale by its signed webhook, the other listings
  // ended, and invariant 6 on the sold product.
  ...weighted(
    3,
    index.map((i) => new Sell(i, 'depop', false, true)),
  ),
  ...weighted(
    2,
    fc.tuple(index, fc.boolean()).map(([i, byRoute]) => new CancelSale(i, byRoute)),
  ),
  fc.tuple(index, fc.constantFrom(...apiMarkets)).map(([s, market]) => new Disconnect(s, market)),
  ...weighted(
    2,
    index.map((s) => new ConnectDepop(s)),
  ),
  fc
    .tuple(index, fc.boolean(), fc.integer({ min: 5, max: 90 }), fc.boolean())
    .map(([s, enabled, percent, askFirst]) => new SetOfferRule(s, enabled, percent, askFirst)),
  ...weighted(
    5,
    fc.tuple(index, fc.boolean()).map(([i, approve]) => new LikeOnDepop(i, approve)),
  ),
  ...weighted(
    3,
    index.map((s) => new ApproveOffers(s)),
  ),
  ...weighted(
    2,
    fc
      .tuple(
        index,
        fc.subarray([...apiMarkets], { minLength: 1 }),
        fc.constantFrom('ai' as const, 'comparables' as const),
        fc.constantFrom(-20, -10, 0, 10),
        fc.option(typedAmountArb(20_000), { freq: 3 }),
        fc.option(typedAmountArb(), { freq: 2 }),
        fc.boolean(),
      )
      .map(([i, markets, basis, percent, floor, own, confirm]) => new Autopilot(i, markets, basis, percent, floor, own, confirm)),
  ),
];

export { isSold };
