import { defaultCurrency, money } from '@shared/domain/money';
import type { StoredEvidence } from '../listings/evidence-view';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AutopilotReason, AutopilotRule, AutopilotSettingsBody, AutopilotStage } from '@shared/contracts/autopilot';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { Db } from '../db/client';
import { autopilotItems, autopilotSettings, channelListings, itemImages, items } from '../db/schema';
import { saveListing } from '../channels/listing-writer';
import { priceColumns, type ChannelPrice } from '../price-rules/channel-price';
import { listingInputsColumns } from '../listings/listing-inputs-sql';
import { defaultAutopilotChannels } from '@shared/contracts/marketplace-registry';
import { matching } from '../db/matching';

/** The autopilot's rows (decision 054): every query names the seller. */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type SettingsRow = typeof autopilotSettings.$inferSelect;
export type AutopilotItemRow = typeof autopilotItems.$inferSelect;

/** Stages a product moves through by itself (the sweep's partial index names the same). */
export const movingStages: readonly AutopilotStage[] = ['uploading', 'writing', 'checking', 'publishing'];

/** A new seller's default: off, the marketplaces whose trait says so (eBay), the AI's price, no floor. */
export const defaultSettings = {
  enabled: false,
  channels: [...defaultAutopilotChannels] as ApiChannel[],
  priceBasis: 'ai' as const,
  pricePercent: 0,
  floorPriceMinor: null,
  currency: defaultCurrency,
  holdWithoutCost: false,
  state: 'running' as const,
  runId: null,
  runStartedAt: null,
};

export async function settingsOf(db: Db, userId: string): Promise<Omit<SettingsRow, 'userId' | 'updatedAt'>> {
  const [row] = await db.select().from(autopilotSettings).where(eq(autopilotSettings.userId, userId));
  return row ?? defaultSettings;
}

const ruleColumns = (rule: AutopilotRule) => ({
  channels: rule.channels,
  priceBasis: rule.priceBasis,
  pricePercent: rule.percent,
  // The floor in minor units with its currency (decision 081); without a floor the row's currency stays.
  floorPriceMinor: rule.floor?.amountMinor ?? null,
  ...(rule.floor ? { currency: rule.floor.currency } : {}),
});

export async function saveSettings(db: Db, userId: string, body: AutopilotSettingsBody): Promise<void> {
  const columns = { enabled: body.enabled, holdWithoutCost: body.holdWithoutCost ?? false, ...ruleColumns(body), updatedAt: new Date() };
  await db
    .insert(autopilotSettings)
    .values({ userId, ...columns })
    .onConflictDoUpdate({ target: autopilotSettings.userId, set: columns });
}

/** The seller's settings row, created when missing, locked until the transaction ends: joins of one seller queue. */
async function lockSettings(tx: Db, userId: string): Promise<SettingsRow> {
  await tx.insert(autopilotSettings).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(autopilotSettings).where(eq(autopilotSettings.userId, userId)).for('update');
  if (!row) throw new Error('the autopilot settings row was just made');
  return row;
}

export async function setState(db: Db, userId: string, state: SettingsRow['state'], patch: { enabled?: boolean } = {}) {
  await lockSettings(db, userId);
  await db
    .update(autopilotSettings)
    .set({ state, ...patch, updatedAt: new Date() })
    .where(eq(autopilotSettings.userId, userId));
}

/** The chosen channel `ch` is one the seller is connected to now (a disconnect deletes the connection). */
const connectedSql = sql`exists (select 1 from channel_accounts ca where ca.user_id = a.user_id and ca.channel = ch.channel)`;

/**
 * The derived status of each product of a run: a product publishing is live once every chosen
 * channel's listing is sold, or live on a marketplace the seller is still connected to; failed once one failed;
 * on the way while a listing of it is still being published on a connected marketplace; otherwise (its listings ended,
 * or its marketplace disconnected) nothing will move it, so it is stopped and counts neither as live nor on the way.
 * A partly live product (one marketplace live, another ended) is live. The stored stage for the other stages.
 */
const statusSql = sql`
  case
    when a.stage = 'publishing' and not exists (
      select 1 from unnest(a.channels) as ch(channel)
      where not exists (
        select 1 from channel_listings cl
        where cl.item_id = a.item_id and cl.channel = ch.channel and (cl.status = 'sold' or (cl.status = 'live' and ${connectedSql}))))
      then 'live'
    when a.stage = 'publishing' and exists (
      select 1 from channel_listings cl
      where cl.item_id = a.item_id and cl.channel = any(a.channels) and cl.status = 'failed')
      then 'failed'
    when a.stage = 'publishing' and exists (
      select 1 from unnest(a.channels) as ch(channel) join channel_listings cl on cl.item_id = a.item_id and cl.channel = ch.channel
      where ${connectedSql} and (cl.status = 'publishing' or (cl.status = 'ended' and cl.pending_change = 'relist')))
      then 'moving'
    when a.stage = 'publishing' and exists (
      select 1 from unnest(a.channels) as ch(channel) join channel_listings cl on cl.item_id = a.item_id and cl.channel = ch.channel
      where cl.status = 'sold' or (cl.status = 'live' and ${connectedSql}))
      then 'live'
    when a.stage = 'publishing' then 'stopped'
    when a.stage in ('uploading', 'writing', 'checking') then 'moving'
    else a.stage
  end`;

/**
 * A run goes on while products of it are moving, and for this long after its last product joined: a phone on 4G
 * sends a product every 10 s or so, and each goes live in seconds, so the seller's 50 products are one run, not 50.
 */
export const RUN_GAP_MS = 10 * 60_000;

/** Whether the run is still going: a product of it moving, or one joined within the gap. */
async function runGoesOn(tx: Db, userId: string, runId: string): Promise<boolean> {
  const result = await tx.execute(sql`
    select
      count(*) filter (where s.status = 'moving')::int as moving,
      max(s.joined_at) > now() - make_interval(secs => ${RUN_GAP_MS / 1000}) as recent
    from (
      select ${statusSql} as status, a.created_at as joined_at
      from autopilot_items a where a.user_id = ${userId} and a.run_id = ${runId}) s`);
  const row = rowsOf<{ moving: number; recent: boolean | null }>(result)[0];
  return Number(row?.moving ?? 0) > 0 || row?.recent === true;
}

/**
 * Puts products on autopilot with `rule` (a product already on it takes the new rule and starts again from where it
 * is). They join the current run, or start a new one when the current one has ended (nothing moving, and no product
 * joined within RUN_GAP_MS).
 */
export async function join(
  tx: Db,
  userId: string,
  itemIds: string[],
  rule: AutopilotRule,
  options: { uploadComplete: boolean },
): Promise<string> {
  const settings = await lockSettings(tx, userId);
  let runId = settings.runId;
  if (!runId || !(await runGoesOn(tx, userId, runId))) {
    runId = randomUUID();
    await tx
      .update(autopilotSettings)
      .set({ runId, runStartedAt: new Date(), updatedAt: new Date() })
      .where(eq(autopilotSettings.userId, userId));
  }
  const stage: AutopilotStage = options.uploadComplete ? 'writing' : 'uploading';
  // Without a floor the product's prices (the seller's own typed in review) are counted in its currency, the seller's,
  // never in the column's default dollars; a floor keeps its own currency, never reinterpreted.
  const currencies = new Map(
    (
      await tx
        .select({ id: items.id, currency: items.currency })
        .from(items)
        .where(and(eq(items.userId, userId), inArray(items.id, itemIds)))
    ).map((row) => [row.id, row.currency]),
  );
  for (const itemId of itemIds) {
    const values = {
      itemId,
      userId,
      runId,
      ...(rule.floor ? {} : { currency: currencies.get(itemId) ?? defaultCurrency }),
      ...ruleColumns(rule),
      stage,
      reasons: [],
      sellerPriceMinor: null,
      confirmUnderFloor: false,
      priceMinor: null,
      priceBasisText: null,
      error: null,
      uploadComplete: options.uploadComplete,
    };
    await tx
      .insert(autopilotItems)
      .values(values)
      .onConflictDoUpdate({
        target: autopilotItems.itemId,
        set: { ...values, joinedAt: new Date(), updatedAt: new Date() },
        setWhere: eq(autopilotItems.userId, userId),
      });
  }
  return runId;
}

/** The settings as a rule (what a new product takes when the default is on). */
export const ruleOf = (
  s: Pick<SettingsRow, 'channels' | 'priceBasis' | 'pricePercent' | 'floorPriceMinor' | 'currency'>,
): AutopilotRule => ({
  channels: s.channels,
  priceBasis: s.priceBasis,
  percent: s.pricePercent,
  floor: s.floorPriceMinor === null ? null : money(s.floorPriceMinor, s.currency),
});

export async function itemOf(db: Db, userId: string, itemId: string): Promise<AutopilotItemRow | undefined> {
  const [row] = await db.select().from(autopilotItems).where(matching(autopilotItems, { itemId, userId }));
  return row;
}

/** Moves the product to `stage` unless the seller stopped it meanwhile; false when it did not move. */
export async function setStage(
  db: Db,
  userId: string,
  itemId: string,
  stage: AutopilotStage,
  patch: Partial<
    Pick<
      AutopilotItemRow,
      'reasons' | 'priceMinor' | 'currency' | 'priceBasisText' | 'error' | 'uploadComplete' | 'confirmUnderFloor' | 'channels'
    >
  > = {},
): Promise<boolean> {
  const rows = await db
    .update(autopilotItems)
    .set({ stage, ...patch, updatedAt: new Date() })
    .where(and(matching(autopilotItems, { itemId, userId }), sql`${autopilotItems.stage} <> 'stopped'`))
    .returning({ itemId: autopilotItems.itemId });
  return rows.length > 0;
}

/** Upload whole: the product can be written. Answers whether it is on autopilot, waiting for it. */
export async function markUploadComplete(db: Db, userId: string, itemId: string): Promise<boolean> {
  const rows = await db
    .update(autopilotItems)
    .set({
      uploadComplete: true,
      stage: sql`case when ${autopilotItems.stage} = 'uploading' then 'writing' else ${autopilotItems.stage} end`,
      updatedAt: new Date(),
    })
    .where(matching(autopilotItems, { itemId, userId, uploadComplete: false }))
    .returning({ itemId: autopilotItems.itemId });
  return rows.length > 0;
}

/** Stop: every product of the seller not yet publishing leaves the autopilot (it stays as it is). */
export async function stopAll(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(autopilotItems)
    .set({ stage: 'stopped', updatedAt: new Date() })
    .where(and(eq(autopilotItems.userId, userId), inArray(autopilotItems.stage, ['uploading', 'writing', 'checking', 'review'])))
    .returning({ itemId: autopilotItems.itemId });
  return rows.length;
}

export async function remove(db: Db, userId: string, itemId: string): Promise<boolean> {
  const rows = await db
    .delete(autopilotItems)
    .where(matching(autopilotItems, { itemId, userId }))
    .returning({ itemId: autopilotItems.itemId });
  return rows.length > 0;
}

/** Whether any of the seller's products on autopilot is still moving (a run with none has finished). */
export async function anyMoving(tx: Db, userId: string): Promise<boolean> {
  const result = await tx.execute(sql`
    select exists (select 1 from autopilot_items a where a.user_id = ${userId} and ${statusSql} = 'moving') as moving`);
  return rowsOf<{ moving: boolean }>(result)[0]?.moving === true;
}

/** The seller's products still moving (resume queues a step for each). */
export async function movingItemsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ itemId: autopilotItems.itemId })
    .from(autopilotItems)
    .where(and(eq(autopilotItems.userId, userId), inArray(autopilotItems.stage, ['uploading', 'writing', 'checking'])));
  return rows.map((r) => r.itemId);
}

/**
 * The seller's products waiting for them go back to be checked (what the checks read of the seller changed), while
 * their autopilot runs: those in review, and those a marketplace refused at publish ("Check again" for each, as eBay's
 * "configure business policies" is answered by creating them). Answers them, for a step each. A paused autopilot's
 * wait as they are.
 */
export async function checkWaitingAgain(tx: Db, userId: string): Promise<string[]> {
  const result = await tx.execute(sql`
    update autopilot_items a set stage = 'checking', reasons = '[]'::jsonb, error = null, updated_at = now()
    from autopilot_settings s
    where a.user_id = ${userId} and s.user_id = a.user_id and s.state = 'running'
      and (a.stage = 'review' or (a.stage = 'publishing' and exists (
        select 1 from channel_listings cl
        where cl.item_id = a.item_id and cl.channel = any(a.channels) and cl.status = 'failed')))
    returning a.item_id as "itemId"`);
  return rowsOf<{ itemId: string }>(result).map((row) => row.itemId);
}

/** Upload requests of one product come in bursts: one the browser did not say was whole is taken as whole after this. */
const UPLOAD_SETTLE = '10 seconds';

/**
 * What the sweep wakes, of running autopilots: products whose upload settled, whose listing is written (or failed),
 * or that wait in checking with no step queued (a lost wake-up, a crash between two steps).
 */
export async function stepsDue(db: Db, limit: number): Promise<Array<{ userId: string; itemId: string }>> {
  const result = await db.execute(sql`
    select a.user_id as "userId", a.item_id as "itemId"
    from autopilot_items a
    join autopilot_settings s on s.user_id = a.user_id and s.state = 'running'
    join items i on i.id = a.item_id
    where a.stage in ('uploading', 'writing', 'checking')
      and not exists (select 1 from jobs j where j.kind = 'autopilot-step' and j.subject_type = 'item'
        and j.subject_id = a.item_id::text and j.status in ('pending', 'running'))
      and (
        (a.stage = 'uploading' and (a.upload_complete or (i.photo_count > 0 and i.updated_at < now() - interval '${sql.raw(UPLOAD_SETTLE)}')))
        or (a.stage = 'writing' and (i.ai_generation_status in ('completed', 'failed')
          or not exists (select 1 from jobs j where j.kind = 'generate-listing' and j.subject_type = 'item'
            and j.subject_id = a.item_id::text and j.status in ('pending', 'running'))))
        or (a.stage = 'checking' and a.updated_at < now() - interval '30 seconds'))
    order by a.updated_at
    limit ${limit}`);
  return rowsOf(result);
}

export interface RunItemRow {
  itemId: string;
  sku: string;
  title: string | null;
  category: string | null;
  condition: string | null;
  thumbPath: string | null;
  status: 'moving' | 'live' | 'review' | 'failed' | 'stopped';
  stage: AutopilotStage;
  channels: ApiChannel[];
  reasons: AutopilotReason[];
  /** The item's attributes and where each came from (the photos' evidence of decision 165). */
  brand: string | null;
  size: string | null;
  material: string | null;
  color: string | null;
  evidence: Record<string, StoredEvidence> | null;
  /** Minor units as text (bigint), in `currency`. */
  priceMinor: string | null;
  currency: string;
  /** The item's own currency: what the seller's price typed in review is in. */
  itemCurrency: string;
  priceBasisText: string | null;
  floorPriceMinor: string | null;
  error: string | null;
  channelError: string | null;
  updatedAt: Date | string;
  /** The item or one of its listings changed after it last stopped (a fix on the eBay screen): its reasons may be stale. */
  changedSince: boolean;
}

/** Every product of the run with its derived status, oldest first. */
export async function runItems(db: Db, userId: string, runId: string): Promise<RunItemRow[]> {
  const result = await db.execute(sql`
    select a.item_id as "itemId", i.sku, i.ai_title as title, i.category, i.condition,
      (select im.thumb_path from ${itemImages} im where im.item_id = a.item_id order by im."order" limit 1) as "thumbPath",
      ${statusSql} as status, a.stage, a.channels, a.reasons, a.price_minor::text as "priceMinor", a.currency,
      i.extracted_brand as brand, i.extracted_size as size, i.extracted_material as material, i.extracted_color as color,
      i.ai_evidence as evidence,
      i.currency as "itemCurrency",
      a.price_basis_text as "priceBasisText", a.floor_price_minor::text as "floorPriceMinor", a.error,
      greatest(a.updated_at, i.updated_at) as "updatedAt",
      greatest(i.updated_at, (select max(cl.updated_at) from channel_listings cl where cl.item_id = a.item_id and cl.user_id = a.user_id))
        > a.updated_at as "changedSince",
      (select string_agg(cl.error, '; ') from channel_listings cl
        where cl.item_id = a.item_id and cl.channel = any(a.channels) and cl.status = 'failed') as "channelError"
    from autopilot_items a join ${items} i on i.id = a.item_id
    where a.user_id = ${userId} and a.run_id = ${runId}
    order by a.created_at, i.sku`);
  return rowsOf<RunItemRow>(result);
}

// ---- what the autopilot's step reads of the item and its listings, and the price it writes on them ----

export async function channelStates(db: Db, userId: string, itemId: string, channels: ApiChannel[]) {
  const rows = await db
    .select({ channel: channelListings.channel, status: channelListings.status })
    .from(channelListings)
    .where(and(matching(channelListings, { itemId, userId }), inArray(channelListings.channel, channels)));
  return new Map(rows.map((r) => [r.channel, r.status]));
}

/** Sold out on some channel (a sale while the product waited its turn): nothing left to publish anywhere. */
export async function soldOut(db: Db, userId: string, itemId: string): Promise<boolean> {
  const [sold] = await db
    .select({ id: channelListings.id })
    .from(channelListings)
    .where(matching(channelListings, { itemId, userId, status: 'sold' }))
    .limit(1);
  return Boolean(sold);
}

/** Each channel's listing row as the step prices it: its stored price, what set it, and a price confirmed under the floor. */
export async function listingPricesOf(db: Db, userId: string, itemId: string, channels: ApiChannel[]) {
  const rows = await db
    .select({
      channel: channelListings.channel,
      status: channelListings.status,
      priceMinor: channelListings.priceMinor,
      currency: channelListings.currency,
      priceSource: channelListings.priceSource,
      priceBasis: channelListings.priceBasis,
      floorConfirmedMinor: channelListings.floorConfirmedMinor,
    })
    .from(channelListings)
    .where(and(matching(channelListings, { itemId, userId }), inArray(channelListings.channel, channels)));
  return new Map(rows.map((row) => [row.channel as ApiChannel, row]));
}

/** The price on each channel's listing row, where its publish reads it, with what set it (and a confirmed price). */
export async function saveListingPrices(
  db: Db,
  userId: string,
  itemId: string,
  prices: { channel: ApiChannel; priced: ChannelPrice; confirmedMinor: number | null }[],
) {
  await db.transaction(async (tx) => {
    const [item] = await tx
      .select({ sku: items.sku })
      .from(items)
      .where(matching(items, { id: itemId, userId }));
    if (!item) return;
    for (const { channel, priced, confirmedMinor } of prices) {
      // A listing live or on its way keeps its price: only a draft, failed or ended one takes the new one.
      await saveListing(tx, userId, itemId, channel, {
        columns: { ...priceColumns(priced), floorConfirmedMinor: confirmedMinor },
        onlyIf: inArray(channelListings.status, ['draft', 'failed', 'ended']),
      });
    }
  });
}

/**
 * The price typed in the review is the item's, and each marketplace of the run goes by it (its rule applied): a price
 * the marketplace had of its own (Publish Settings') is dropped from the listings not yet out. Kept, it stood in for
 * the typed one, and the review asked the same question again about the old price.
 */
export async function dropOwnPrices(db: Db, userId: string, itemId: string, channels: ApiChannel[]) {
  for (const channel of channels)
    await saveListing(db, userId, itemId, channel, {
      columns: { priceMinor: null, priceSource: null, priceBasis: null, floorConfirmedMinor: null },
      onlyIf: inArray(channelListings.status, ['draft', 'failed', 'ended']),
    });
}

/** The item's listing as the step checks it: its generation, AI price and the fields readiness reads. */
export async function listingStateOf(db: Db, userId: string, itemId: string) {
  const [item] = await db
    .select({
      status: items.aiGenerationStatus,
      error: items.aiGenerationError,
      aiSuggestedPriceMinor: items.aiSuggestedPriceMinor,
      askingPriceMinor: items.askingPriceMinor,
      currency: items.currency,
      generatedAt: items.aiGeneratedAt,
      ...listingInputsColumns,
    })
    .from(items)
    .where(matching(items, { id: itemId, userId }));
  return item;
}

/** The user's items among `ids`, held until the transaction ends (undefined unless every one is theirs), and their listings. */
export async function lockItemsWithListings(tx: Db, userId: string, ids: string[]) {
  const owned = await tx
    .select({ id: items.id, sku: items.sku, currency: items.currency })
    .from(items)
    .where(and(eq(items.userId, userId), inArray(items.id, ids)))
    .for('update');
  if (owned.length !== ids.length) return undefined;
  const listings = await tx
    .select({ itemId: channelListings.itemId, channel: channelListings.channel, status: channelListings.status })
    .from(channelListings)
    .where(and(eq(channelListings.userId, userId), inArray(channelListings.itemId, ids)));
  return { owned, listings };
}
