import { moneyMessages } from '@shared/contracts/money';
import { money, type Money } from '@shared/domain/money';
import type { Storage } from '../adapters/storage/storage';
import type {
  AutopilotAsksResponse,
  AutopilotContinueBody,
  AutopilotControlBody,
  AutopilotItem,
  AutopilotReadFact,
  AutopilotDisputedFact,
  AutopilotItemsBody,
  AutopilotRunResponse,
  AutopilotSettingsBody,
} from '@shared/contracts/autopilot';
import type { Category } from '@shared/domain/catalog';
import { channelsInWords } from '@shared/domain/channel-listing';
import { AppError } from '@shared/errors';
import type { Marketplaces } from '../channels/marketplace';
import type { Db } from '../db/client';
import type { Clock } from '../jobs/clock';
import { itemNotFound } from '../items/service';
import { updateOwnItems } from '../items/item-writer';
import { reviseLiveListings } from '../listing-changes/listing-changes';
import { sellerRegionIn } from '../seller-region/service';
import * as repo from './repo';
import { evidenceView, type StoredEvidence } from '../listings/evidence-view';
import { notConnectedWords, reasonOf } from './step';
import { queueStep } from './step-job';

export const autopilotMessages = {
  nothingToStop: 'The autopilot has finished: nothing is left to stop. Turn off "Publish when ready" to keep new products off it.',
  noChannelLeft: 'Keep at least one marketplace: the product is published on the ones left.',
} as const;

/** At most this many moving products are named in the run's answer (the counts cover all). */
const MOVING_SHOWN = 100;

/**
 * The seller's side of the autopilot (decision 054): the default, products put on it, pause, resume and stop, the
 * Quick Fix's "go on", and the run's summary with its review queue.
 */
/** The seller's own price in minor units: in the product's currency, or a 400 (never converted). */
function typedPrice(price: Money, currency: string): number {
  if (price.currency !== currency) throw new AppError('VALIDATION_FAILED', moneyMessages.otherCurrency(currency));
  return price.amountMinor;
}

const moneyOrNull = (minor: string | null, currency: string) => (minor === null ? null : money(Number(minor), currency));

/** A floor is in the currency it is held against (the seller's, a product's), or a 400: never converted. */
function checkFloorCurrency(floor: Money | null, currency: string): void {
  if (floor && floor.currency !== currency) throw new AppError('VALIDATION_FAILED', moneyMessages.otherCurrency(currency));
}

/**
 * The attributes whose value was read from a photo (the evidence says which and what it read), in the form's order,
 * each with its crop (a signed URL of the seller's own file) or its colour's swatch.
 */
async function readFromPhotos(row: repo.RunItemRow, storage: Storage): Promise<AutopilotReadFact[]> {
  const values = { brand: row.brand, size: row.size, color: row.color, material: row.material } as const;
  const read = (Object.keys(values) as (keyof typeof values)[]).flatMap((attribute) => {
    const value = values[attribute]?.trim();
    const evidence = row.evidence?.[attribute];
    if (!value || evidence?.source !== 'photo' || evidence.photo === undefined) return [];
    return [{ attribute, value, evidence: evidence as StoredEvidence & { photo: number } }];
  });
  return Promise.all(
    read.map(async ({ attribute, value, evidence }) => {
      const view = await evidenceView(evidence, storage);
      return {
        attribute,
        value,
        photo: evidence.photo,
        note: evidence.note ?? '',
        ...(view.cropUrl ? { cropUrl: view.cropUrl } : {}),
        ...(view.swatch ? { swatch: view.swatch } : {}),
      };
    }),
  );
}

/** What the label read offline and the cloud AI said differently (decision 171), with the label's crop. */
async function disputedFacts(row: repo.RunItemRow, storage: Storage): Promise<AutopilotDisputedFact[]> {
  const disputed = (['brand', 'size'] as const).flatMap((attribute) => {
    const evidence = row.evidence?.[attribute];
    const value = attribute === 'brand' ? row.brand : row.size;
    if (value?.trim() || !evidence?.disagreement || evidence.photo === undefined) return [];
    return [{ attribute, evidence: evidence as StoredEvidence & { photo: number; disagreement: { label: string; ai: string } } }];
  });
  return Promise.all(
    disputed.map(async ({ attribute, evidence }) => {
      const view = await evidenceView(evidence, storage);
      return {
        attribute,
        label: evidence.disagreement.label,
        ai: evidence.disagreement.ai,
        photo: evidence.photo,
        ...(view.cropUrl ? { cropUrl: view.cropUrl } : {}),
      };
    }),
  );
}

export function createAutopilotService(deps: { db: Db; storage: Storage; clock: Clock; marketplaces: Marketplaces }) {
  const { db, storage, clock, marketplaces } = deps;
  const queue = (tx: Db, userId: string, itemId: string) => queueStep(tx, clock, userId, itemId);

  function settingsView(s: Awaited<ReturnType<typeof repo.settingsOf>>): AutopilotSettingsBody {
    return { enabled: s.enabled, holdWithoutCost: s.holdWithoutCost, ...repo.ruleOf(s) };
  }

  async function itemView(row: repo.RunItemRow): Promise<AutopilotItem> {
    return {
      itemId: row.itemId,
      sku: row.sku,
      title: row.title,
      thumbnailUrl: row.thumbPath ? await storage.signedUrl(row.thumbPath) : null,
      category: row.category,
      condition: row.condition,
      status: row.status,
      stage: row.stage,
      channels: row.channels,
      reasons: row.reasons,
      read: await readFromPhotos(row, storage),
      disputed: await disputedFacts(row, storage),
      price: moneyOrNull(row.priceMinor, row.currency),
      priceBasis: row.priceBasisText,
      floor: moneyOrNull(row.floorPriceMinor, row.currency),
      currency: row.itemCurrency,
      error: row.status === 'failed' ? (row.error ?? row.channelError) : null,
      updatedAt: new Date(row.updatedAt).toISOString(),
    };
  }

  return {
    async settings(userId: string): Promise<AutopilotSettingsBody> {
      return settingsView(await repo.settingsOf(db, userId));
    },

    /** The default rule; its floor in the seller's currency (their region's, decision 106), else a 400. */
    async saveSettings(userId: string, body: AutopilotSettingsBody): Promise<AutopilotSettingsBody> {
      checkFloorCurrency(body.floor, (await sellerRegionIn(db, userId)).currency);
      await repo.saveSettings(db, userId, body);
      return settingsView(await repo.settingsOf(db, userId));
    },

    /**
     * A product just created by an upload, in the upload's transaction: on autopilot when the seller's default is on.
     * `uploadComplete`: the browser said every photo is in.
     */
    async joinIfDefault(tx: Db, userId: string, itemId: string, uploadComplete: boolean): Promise<void> {
      const settings = await repo.settingsOf(tx, userId);
      if (!settings.enabled) return;
      await repo.join(tx, userId, [itemId], repo.ruleOf(settings), { uploadComplete });
      if (uploadComplete) await queue(tx, userId, itemId);
    },

    /** The browser sent the product's last photo: its listing can be written now. */
    async uploadComplete(userId: string, itemId: string): Promise<void> {
      if (await repo.markUploadComplete(db, userId, itemId)) await queue(db, userId, itemId);
    },

    /** The product's listing was written (or failed): its next step at once, when it is on autopilot waiting for it. */
    async wake(userId: string, itemId: string): Promise<void> {
      const row = await repo.itemOf(db, userId, itemId);
      if (row?.stage === 'writing' && row.uploadComplete) await queue(db, userId, itemId);
    },

    /** Products (batches) put on autopilot with their rule; sold ones, or ones live on every chosen channel, refused. */
    async addItems(userId: string, body: AutopilotItemsBody) {
      const ids = [...new Set(body.itemIds)];
      return db.transaction(async (tx) => {
        const found = await repo.lockItemsWithListings(tx, userId, ids);
        if (!found) throw itemNotFound();
        const { owned, listings } = found;
        for (const item of owned) checkFloorCurrency(body.rule.floor, item.currency);
        const refused: { itemId: string; sku: string; message: string }[] = [];
        const added: string[] = [];
        for (const item of owned) {
          const mine = listings.filter((l) => l.itemId === item.id);
          if (mine.some((l) => l.status === 'sold')) {
            refused.push({ itemId: item.id, sku: item.sku, message: `${item.sku} has sold: it is not published again.` });
          } else if (body.rule.channels.every((c) => mine.some((l) => l.channel === c && l.status === 'live'))) {
            const names = channelsInWords(body.rule.channels);
            refused.push({ itemId: item.id, sku: item.sku, message: `${item.sku} is already live on ${names}.` });
          } else added.push(item.id);
        }
        if (added.length) await repo.join(tx, userId, added, body.rule, { uploadComplete: true });
        for (const itemId of added) await queue(tx, userId, itemId);
        return { added, refused };
      });
    },

    async control(userId: string, { action }: AutopilotControlBody): Promise<void> {
      if (action === 'pause') return repo.setState(db, userId, 'paused');
      if (action === 'resume') {
        await repo.setState(db, userId, 'running');
        for (const itemId of await repo.movingItemsOf(db, userId)) await queue(db, userId, itemId);
        return;
      }
      await db.transaction(async (tx) => {
        // A finished run has nothing left to stop: refused, so that no one believes a stop did something.
        if (!(await repo.anyMoving(tx, userId))) throw new AppError('CONFLICT', autopilotMessages.nothingToStop);
        await repo.setState(tx, userId, 'running', { enabled: false });
        await repo.stopAll(tx, userId);
      });
    },

    /** After the seller's Quick Fix (or with their own price): checked again, and on if green. */
    async continueItem(userId: string, itemId: string, body: AutopilotContinueBody): Promise<void> {
      const row = await repo.itemOf(db, userId, itemId);
      if (!row || row.stage === 'stopped') throw itemNotFound();
      // On its way: nothing to do. A publish a marketplace refused is checked again (the failed row's action).
      if (row.stage === 'publishing' && ![...(await repo.channelStates(db, userId, itemId, row.channels)).values()].includes('failed'))
        return;
      // The marketplaces left out (one that will not take it): it goes on to the rest, never to none.
      const channels = body.withoutChannels ? row.channels.filter((channel) => !body.withoutChannels!.includes(channel)) : row.channels;
      if (!channels.length) throw new AppError('VALIDATION_FAILED', autopilotMessages.noChannelLeft);
      await db.transaction(async (tx) => {
        // The price typed in review is the seller's asking price for the item (decision 121): every channel goes by it.
        if (body.price !== undefined) {
          const currency = (await repo.listingStateOf(tx, userId, itemId))?.currency ?? row.currency;
          await updateOwnItems(tx, userId, [itemId], { askingPriceMinor: typedPrice(body.price, currency) });
          await repo.dropOwnPrices(tx, userId, itemId, channels);
          // Where the item is already live (a marketplace the autopilot is not publishing to), the new price goes there
          // too, as a price saved in Publish Settings does: the one revise path (the floor checked as it is sent).
          await reviseLiveListings(tx, userId, [itemId]);
        }
        await repo.setStage(tx, userId, itemId, 'checking', {
          reasons: [],
          error: null,
          confirmUnderFloor: body.confirmUnderFloor === true,
          ...(body.withoutChannels ? { channels } : {}),
        });
        await queue(tx, userId, itemId);
      });
    },

    /**
     * The seller saved what the marketplaces' checks read of them (a shop's setup, policies, a connection, the price
     * list, the floor: routes marked `rechecksWaiting`): each product waiting in review is checked again, and goes on
     * by itself if nothing is left to ask, else waits with the reasons of now (never the ones just fixed).
     */
    async recheckWaiting(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        for (const itemId of await repo.checkWaitingAgain(tx, userId)) await queue(tx, userId, itemId);
      });
    },

    /**
     * What each of the product's channels would ask were it of `category` (the review's "What it is", picked but not
     * yet saved): the item specifics that kind requires come in the same form. Nothing is saved.
     */
    async asks(userId: string, itemId: string, category: Category, department?: 'Men' | 'Women'): Promise<AutopilotAsksResponse> {
      const row = await repo.itemOf(db, userId, itemId);
      if (!row) throw itemNotFound();
      const reasons: AutopilotAsksResponse['reasons'] = [];
      for (const channel of row.channels) {
        const check = await marketplaces[channel].preflight(userId, itemId, { category, ...(department ? { department } : {}) });
        if (check.unavailable && !check.notConnected)
          throw new AppError('UNAVAILABLE', `${marketplaces[channel].name}: ${check.unavailable}`);
        if (check.notConnected) reasons.push({ code: 'refused', channel, message: notConnectedWords(marketplaces[channel].name, check) });
        reasons.push(...check.problems.map((problem) => reasonOf(channel, problem)));
      }
      return { reasons };
    },

    async removeItem(userId: string, itemId: string): Promise<void> {
      if (!(await repo.remove(db, userId, itemId))) throw itemNotFound();
    },

    async run(userId: string): Promise<AutopilotRunResponse> {
      const settings = await repo.settingsOf(db, userId);
      const base = { state: settings.state, settings: settingsView(settings) };
      if (!settings.runId || !settings.runStartedAt) return { ...base, run: null };
      let rows = (await repo.runItems(db, userId, settings.runId)).filter((r) => r.status !== 'stopped');
      // A product fixed elsewhere while it waited (the eBay screen, Generate Listings) is checked again at once, not
      // shown with its old reasons until "Check again": it moves on, or comes back with what is left.
      const changed = rows.filter((r) => r.status === 'review' && r.changedSince);
      if (changed.length) {
        await db.transaction(async (tx) => {
          for (const row of changed) {
            if (await repo.setStage(tx, userId, row.itemId, 'checking', { reasons: [], error: null })) await queue(tx, userId, row.itemId);
          }
        });
        rows = (await repo.runItems(db, userId, settings.runId)).filter((r) => r.status !== 'stopped');
      }
      // A run whose every product the seller stopped (or took off) is no run to show.
      if (rows.length === 0) return { ...base, run: null };
      const of = (status: repo.RunItemRow['status']) => rows.filter((r) => r.status === status);
      const counts = {
        total: rows.length,
        live: of('live').length,
        waiting: of('review').length,
        failed: of('failed').length,
        moving: of('moving').length,
      };
      return {
        ...base,
        run: {
          runId: settings.runId,
          startedAt: settings.runStartedAt.toISOString(),
          finished: counts.total > 0 && counts.moving === 0,
          counts,
          review: await Promise.all(of('review').map(itemView)),
          failed: await Promise.all(of('failed').map(itemView)),
          moving: await Promise.all(of('moving').slice(0, MOVING_SHOWN).map(itemView)),
        },
      };
    },
  };
}

export type AutopilotService = ReturnType<typeof createAutopilotService>;
