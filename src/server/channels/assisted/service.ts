import path from 'node:path';
import { assistedMessages, type AnswersBody, type HandoverResponse } from '@shared/contracts/assisted';
import { channelMessages } from '@shared/contracts/channels';
import { acceptedCategories, acceptedSizes, assistedMarketplaces } from '@shared/domain/assisted/marketplaces';
import { assistedSiteFor, type AssistedSite } from '@shared/domain/assisted/sites';
import { assistedListingText, isListingUrlOf, type AssistedAnswers, type AssistedQuestionField } from '@shared/domain/assisted/vocabulary';
import type { Money } from '@shared/domain/money';
import { channelNames, isAssistedChannel, type AssistedChannel } from '@shared/domain/channel-listing';
import { AppError, notFound } from '@shared/errors';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import { channelPriceOf, type ItemPrices } from '../../price-rules/channel-price';
import { refuseWhereByApi } from '../channel-modes';
import { priceListOf } from '../../price-list/service';
import type { PriceList } from '@shared/domain/price-list';
import type { PriceRules } from '../../price-rules/price-rules';
import { soldOutItemIds } from '../repo';
import { sellerMarketplaceOf } from '../seller-marketplace';
import { assistedItemOf, assistedPhotosOf, assistedRowOf, ensureAssistedRow, updateAssistedRow } from './listing-repo';

/**
 * An item's listing on an assisted marketplace (decision 051): prepared in that marketplace's words, the
 * seller's answers where ours do not map, and the seller's record of listing it (the URL, or only "Listed").
 * The row is the item's channel_listings row for the channel: draft (prepared), live (listed by the seller).
 */
export interface AssistedListings {
  handover(userId: string, itemId: string, channel: string): Promise<HandoverResponse>;
  prepare(userId: string, itemId: string, channel: string): Promise<HandoverResponse>;
  answer(userId: string, itemId: string, channel: string, answers: AnswersBody): Promise<HandoverResponse>;
  listed(userId: string, itemId: string, channel: string, url: string | null | undefined): Promise<HandoverResponse>;
  unlist(userId: string, itemId: string, channel: string): Promise<HandoverResponse>;
}

const itemNotFound = () => notFound('Item not found');

/** The channel named in the path, or 404 (eBay and Etsy have their own routes; a made-up name is no channel). */
export function assistedChannelOf(channel: string): AssistedChannel {
  if (!isAssistedChannel(channel)) throw new AppError('NOT_FOUND', assistedMessages.unknownChannel);
  return channel;
}

/** A file name safe on every system: the SKU's letters, digits, dots, dashes and underscores. */
export const photoFileName = (sku: string, index: number, storagePath: string) =>
  `${sku.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '') || 'photo'}-${index + 1}${path.extname(storagePath) || '.jpg'}`;

const answersOf = (data: Record<string, unknown> | undefined): AssistedAnswers => {
  const raw = data?.answers;
  if (!raw || typeof raw !== 'object') return {};
  return Object.fromEntries(Object.entries(raw).filter(([, v]) => typeof v === 'string')) as AssistedAnswers;
};

/** The marketplace's site in the seller's country (Vinted France for a seller on EBAY_FR), or null when it has none. */
async function siteOf(tx: Db, userId: string, channel: AssistedChannel): Promise<AssistedSite | null> {
  return assistedSiteFor(channel, (await sellerMarketplaceOf(tx, userId)).country);
}

/**
 * The price the site's price field takes: the channel's price when it is in the site's currency. Prices are never
 * converted (no exchange rate is the seller's): another currency, or no site, gives no price and says why.
 */
export function sitePriceOf(
  price: Money | null,
  site: AssistedSite | null,
  channel: AssistedChannel,
): { price: Money | null; priceNote: string | null } {
  if (!site) return { price: null, priceNote: assistedMessages.noSite(channelNames[channel]) };
  if (price && price.currency !== site.currency)
    return { price: null, priceNote: assistedMessages.otherCurrency(price.currency, site.name, site.currency) };
  return { price, priceNote: null };
}

export function createAssistedListings({
  db,
  storage,
  priceRules,
}: {
  db: Db;
  storage: Storage;
  priceRules: PriceRules;
}): AssistedListings {
  const rowOf = assistedRowOf;

  const itemOf = async (tx: Db, userId: string, itemId: string, lock = false) => {
    const row = await assistedItemOf(tx, userId, itemId, lock);
    if (!row) throw itemNotFound();
    return row;
  };

  type PricedItem = ItemPrices & { category: string | null; condition: string | null };
  /** The item's price before the channel's rule (the one order of channel-price.ts without a listing or a rule). */
  const basePriceOf = (item: PricedItem, priceList: PriceList | null) => channelPriceOf(null, item, null, priceList)?.price ?? null;
  /** The channel's price: a listed item keeps the price it was listed at; else the item's through the channel's rule. */
  const priceOn = (
    row: { status: string; priceMinor: number | null; currency: string } | null | undefined,
    item: PricedItem,
    rule: Awaited<ReturnType<PriceRules['ruleOf']>>,
    priceList: PriceList | null,
  ) => {
    const listed =
      row?.status === 'live' ? { priceMinor: row.priceMinor, currency: row.currency, priceSource: null, status: 'live' as const } : null;
    return channelPriceOf(listed, item, rule, priceList)?.price ?? null;
  };

  async function view(tx: Db, userId: string, itemId: string, channel: AssistedChannel): Promise<HandoverResponse> {
    const item = await itemOf(tx, userId, itemId);
    const row = await rowOf(tx, userId, itemId, channel);
    const photos = await assistedPhotosOf(tx, userId, itemId);
    const m = assistedMarketplaces[channel];
    const site = await siteOf(tx, userId, channel);
    const text = assistedListingText(channel, item, answersOf(row?.data), site);
    const priceList = await priceListOf(tx, userId);
    const basePrice = basePriceOf(item, priceList);
    const rule = await priceRules.ruleOf(tx, userId, channel);
    const { price, priceNote } = sitePriceOf(priceOn(row, item, rule, priceList), site, channel);
    return {
      itemId,
      channel,
      sku: item.sku,
      status: row?.status ?? null,
      url: row?.url ?? null,
      listedAt: row?.listedAt?.toISOString() ?? null,
      delistTask: Boolean(row?.delistTaskAt),
      title: text.title,
      titleMax: m.titleMax,
      description: text.description,
      descriptionMax: m.descriptionMax,
      hashtags: text.hashtags,
      brand: item.brand ?? item.extractedBrand,
      price,
      priceNote,
      site: site && { name: site.name, host: site.host, currency: site.currency, sizeStandard: site.sizeStandard },
      basePrice,
      priceRule: rule,
      size: text.size,
      condition: text.condition,
      category: text.category,
      questions: text.questions,
      answered: text.answered,
      photos: await Promise.all(
        photos.map(async (photo, i) => ({
          id: photo.id,
          url: await storage.signedUrl(photo.storagePath),
          thumbnailUrl: await storage.signedUrl(photo.thumbPath),
          fileName: photoFileName(item.sku, i, photo.storagePath),
        })),
      ),
      urlExample: site
        ? m.urlExample.replace(/^https:\/\/(www\.)?[^/]+/, (_, www?: string) => `https://${www ?? ''}${site.host}`)
        : m.urlExample,
    };
  }

  /** Sold out on any channel: nothing left to hand over or list (checked before a row is made). */
  const refuseSoldOut = async (tx: Db, userId: string, itemId: string) => {
    if ((await soldOutItemIds(tx, userId, [itemId])).has(itemId)) throw new AppError('CONFLICT', channelMessages.sold);
  };

  /** The draft row, made when missing (a second prepare finds it: idempotent). */
  const ensureRow = async (tx: Db, userId: string, itemId: string, channel: AssistedChannel) => {
    const row = await ensureAssistedRow(tx, userId, itemId, channel);
    // The unique index is per (item, channel): a row there is this user's, since the item is (checked before).
    if (!row) throw itemNotFound();
    return row;
  };

  return {
    async handover(userId, itemId, channel) {
      return view(db, userId, itemId, assistedChannelOf(channel));
    },

    async prepare(userId, itemId, name) {
      const channel = assistedChannelOf(name);
      return db.transaction(async (tx) => {
        await itemOf(tx, userId, itemId, true);
        await refuseWhereByApi(tx, userId, channel);
        const before = await rowOf(tx, userId, itemId, channel);
        if (before?.status !== 'sold') await refuseSoldOut(tx, userId, itemId);
        await ensureRow(tx, userId, itemId, channel);
        return view(tx, userId, itemId, channel);
      });
    },

    async answer(userId, itemId, name, body) {
      const channel = assistedChannelOf(name);
      const m = assistedMarketplaces[channel];
      return db.transaction(async (tx) => {
        await itemOf(tx, userId, itemId, true);
        await refuseWhereByApi(tx, userId, channel);
        const site = await siteOf(tx, userId, channel);
        const options: Record<AssistedQuestionField, string[]> = {
          size: acceptedSizes(m, site?.sizeStandard),
          condition: [...m.conditions],
          category: acceptedCategories(m),
        };
        const row = await ensureRow(tx, userId, itemId, channel);
        const answers = answersOf(row.data);
        for (const field of ['size', 'condition', 'category'] as const) {
          const value = body[field];
          if (value === undefined) continue;
          if (value === null || value === '') {
            delete answers[field];
            continue;
          }
          if (!options[field].includes(value))
            throw new AppError('VALIDATION_FAILED', assistedMessages.notOffered(channelNames[channel], field, value));
          answers[field] = value;
        }
        await updateAssistedRow(tx, userId, row.id, { data: { ...row.data, answers } });
        return view(tx, userId, itemId, channel);
      });
    },

    async listed(userId, itemId, name, rawUrl) {
      const channel = assistedChannelOf(name);
      const m = assistedMarketplaces[channel];
      const url = rawUrl?.trim() || null;
      if (url !== null && !isListingUrlOf(channel, url))
        throw new AppError('VALIDATION_FAILED', assistedMessages.wrongDomain(channelNames[channel], m.hosts));
      return db.transaction(async (tx) => {
        const item = await itemOf(tx, userId, itemId, true);
        await refuseWhereByApi(tx, userId, channel);
        const row = await ensureRow(tx, userId, itemId, channel);
        if (row.status === 'sold') throw new AppError('CONFLICT', assistedMessages.sold(channelNames[channel]));
        await refuseSoldOut(tx, userId, itemId);
        const rule = await priceRules.ruleOf(tx, userId, channel);
        const site = await siteOf(tx, userId, channel);
        const { price } = sitePriceOf(priceOn(row, item, rule, await priceListOf(tx, userId)), site, channel);
        const now = new Date();
        await updateAssistedRow(tx, userId, row.id, {
          status: 'live',
          url,
          priceMinor: price?.amountMinor ?? null,
          currency: price?.currency ?? site?.currency ?? item.currency,
          listedAt: row.status === 'live' ? row.listedAt : now,
          endedAt: null,
          error: null,
        });
        return view(tx, userId, itemId, channel);
      });
    },

    async unlist(userId, itemId, name) {
      const channel = assistedChannelOf(name);
      return db.transaction(async (tx) => {
        await itemOf(tx, userId, itemId, true);
        await refuseWhereByApi(tx, userId, channel);
        const row = await rowOf(tx, userId, itemId, channel, true);
        if (row?.status === 'sold') throw new AppError('CONFLICT', assistedMessages.sold(channelNames[channel]));
        if (row && row.status !== 'draft') {
          // Never listed there after all: nothing to take down either.
          await updateAssistedRow(tx, userId, row.id, { status: 'draft', url: null, listedAt: null, endedAt: null, delistTaskAt: null });
        }
        return view(tx, userId, itemId, channel);
      });
    },
  };
}
