import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ApiChannel, Channel, ChannelListingStatus, ListingChange } from '@shared/domain/channel-listing';
import type { SellerRegionSource } from '@shared/domain/seller-region';
import { defaultAutopilotChannels } from '@shared/contracts/marketplace-registry';
import type { WritingQuestion } from '@shared/contracts/listings';
import type { AutopilotPriceBasis, AutopilotReason, AutopilotStage, AutopilotState } from '@shared/contracts/autopilot';
import type { PriceRounding } from '@shared/domain/price-rule';
import { defaultCurrency } from '@shared/domain/money';
import type { PriceSource } from '@shared/domain/channel-price';
import type { ConditionAdjustment, PriceListCurrency, PriceListRow } from '@shared/domain/price-list';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** A row's own id, made by the database. */
const rowId = () => uuid('id').primaryKey().defaultRandom();
/** The seller a row belongs to (every query filters by it): gone with the seller's account. */
const sellerId = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });
/** The item a row is about: gone with the item. */
const itemOfRow = () =>
  uuid('item_id')
    .notNull()
    .references(() => items.id, { onDelete: 'cascade' });
/** The marketplace a row is about. */
const channelOfRow = () => text('channel').$type<Channel>().notNull();
/** The key of a table with one row per seller (their settings): the seller's id. */
const sellersOwnRow = () =>
  text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' });

// ---- Better Auth's tables (JS keys are the field names Better Auth asks its adapter for) ----

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: sellerId(),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: sellerId(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

// ---- Resale Studio ----

/** Per-user counters: SKU and batch numbers come from one atomic UPDATE ... RETURNING. */
export const userCounters = pgTable('user_counters', {
  userId: sellersOwnRow(),
  nextSku: integer('next_sku').notNull().default(1),
  nextBatch: integer('next_batch').notNull().default(1),
});

/**
 * Items bought together for one price (a bag of ten at a car-boot sale): the price is split over the items
 * that name it, equally or by each one's expected price (bundles/bundle-split.ts), and written to each item's cost.
 */
export const bundles = pgTable(
  'bundles',
  {
    id: rowId(),
    userId: sellerId(),
    costMinor: bigint('cost_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    split: text('split').$type<'equal' | 'expected-price'>().notNull().default('equal'),
    source: text('source'),
    createdAt: createdAt(),
  },
  (t) => [index('bundles_user_idx').on(t.userId, t.createdAt)],
);

export const items = pgTable(
  'items',
  {
    id: rowId(),
    userId: sellerId(),
    sku: text('sku').notNull(),
    status: text('status').notNull().default('draft'),
    uploadSessionId: uuid('upload_session_id').notNull(),
    batchId: uuid('batch_id').notNull(),
    batchNumber: integer('batch_number').notNull(),
    skuAssigned: boolean('sku_assigned').notNull().default(true),
    /**
     * A past sale imported as history (a spreadsheet's row, a marketplace's old order line): it feeds What sells and
     * days to sale, and is no stock, so never a product card, never in the batch count, and takes no batch number
     * (its `batch_number` is 0).
     */
    pastSale: boolean('past_sale').notNull().default(false),
    photoCount: integer('photo_count').notNull().default(0),
    category: text('category'),
    condition: text('condition'),
    brand: text('brand'),
    /** Set by a phone's camera batch upload: the listing is generated in the background. */
    autoGenerateListing: boolean('auto_generate_listing').notNull().default(false),
    /** The browser's key for the product upload that created this item: a resend answers this item again. */
    uploadKey: uuid('upload_key'),
    /** Photos of that upload the server has taken in (stored or refused): where its next part starts. */
    uploadReceived: integer('upload_received').notNull().default(0),
    /** What one of the item cost the seller (entered at capture or later, decision 048); null: not entered. */
    costMinor: bigint('cost_minor', { mode: 'number' }),
    /** The currency of the item's asking price and cost (decision 067). */
    currency: text('currency').notNull().default(defaultCurrency),
    /** Where the seller bought it, in their own words ("Goodwill Main St"); null: not said. */
    source: text('source'),
    /** The bundle it was bought in: its cost is the bundle's, split by the bundle's rule; null: bought alone. */
    bundleId: uuid('bundle_id').references(() => bundles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // AI listing
    aiTitle: text('ai_title'),
    aiDescription: text('ai_description'),
    aiTags: text('ai_tags').array(),
    aiConditionNotes: text('ai_condition_notes'),
    aiGeneratedAt: timestamp('ai_generated_at', { withTimezone: true }),
    aiGenerationStatus: text('ai_generation_status').notNull().default('pending'),
    aiGenerationError: text('ai_generation_error'),
    /** The AI's suggested price (minor units of `currency`): a suggestion, never the seller's price (decision 121). */
    aiSuggestedPriceMinor: bigint('ai_suggested_price_minor', { mode: 'number' }),
    /** The seller's own asking price for the item (minor units of `currency`); null: none set (decision 121). */
    askingPriceMinor: bigint('asking_price_minor', { mode: 'number' }),
    aiPricingNotes: text('ai_pricing_notes'),
    aiMeasurements: jsonb('ai_measurements').$type<Record<string, string>>(),
    /** Where each extracted attribute was read from: a photo index with what it shows, or "inferred". */
    aiEvidence: jsonb('ai_evidence').$type<Record<string, { source: string; photo?: number; crop?: string }>>(),
    aiProvider: text('ai_provider'),
    /** The seller's category, condition and brand the listing was written from (listingInputsFingerprint): when they change, the listing is out of date. */
    aiInputsFingerprint: text('ai_inputs_fingerprint'),
    /**
     * The listing's fields the seller set by hand (seller-fields.ts: title, brand, size, ..., `aspect:<name>`): a
     * generation writes only the others, so Regenerate never overwrites what the seller typed.
     */
    sellerFields: text('seller_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    listingReady: boolean('listing_ready').notNull().default(false),
    // what the AI read from the photos (a marketplace's own fields live on its channel listing)
    categoryConfidence: real('category_confidence'),
    extractedBrand: text('extracted_brand'),
    extractedSize: text('extracted_size'),
    extractedColor: text('extracted_color'),
    extractedMaterial: text('extracted_material'),
    extractedStyle: text('extracted_style'),
    extractedFit: text('extracted_fit'),
    extractedDepartment: text('extracted_department'),
    extractedSizeType: text('extracted_size_type'),
    itemSpecificsJson: jsonb('item_specifics_json').$type<Record<string, string>>(),
    publishReadyScore: integer('publish_ready_score'),
  },
  (t) => [
    uniqueIndex('items_user_sku_unique').on(t.userId, t.sku),
    uniqueIndex('items_user_upload_key_unique').on(t.userId, t.uploadKey),
    index('items_user_created_idx').on(t.userId, t.createdAt),
    index('items_user_status_idx').on(t.userId, t.aiGenerationStatus),
    /** The event stream asks for a user's items changed since its cursor. */
    index('items_user_updated_idx').on(t.userId, t.updatedAt),
  ],
);

export const itemImages = pgTable(
  'item_images',
  {
    id: rowId(),
    itemId: itemOfRow(),
    userId: sellerId(),
    storagePath: text('storage_path').notNull(),
    thumbPath: text('thumb_path').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    order: integer('order').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('item_images_item_order_idx').on(t.itemId, t.order)],
);

/**
 * An item on one marketplace, one row per (item, channel). What only that marketplace needs is in
 * `data`, typed by the channel's own code (channels/ebay/listing-data.ts for eBay).
 */
export const channelListings = pgTable(
  'channel_listings',
  {
    id: rowId(),
    userId: sellerId(),
    itemId: itemOfRow(),
    channel: channelOfRow(),
    status: text('status').$type<ChannelListingStatus>().notNull().default('draft'),
    /** The marketplace's id of the live listing (eBay's listing id). */
    externalId: text('external_id'),
    url: text('url'),
    /** The channel's own price in minor units of `currency`; null: the item's price through the channel's rule. */
    priceMinor: bigint('price_minor', { mode: 'number' }),
    currency: text('currency').notNull().default(defaultCurrency),
    /** What set `priceMinor` (price-rules/channel-price.ts, decision 121): the seller, or a rule the app applied. */
    priceSource: text('price_source').$type<PriceSource>(),
    /** What the price was decided on, in words ("Your price list: Mens Jeans $28.00"); null: the source's own words. */
    priceBasis: text('price_basis'),
    /** The price the seller confirmed under their profit floor on this channel (decision 121); null: none. */
    floorConfirmedMinor: bigint('floor_confirmed_minor', { mode: 'number' }),
    /** The price the marketplace last accepted for this listing: a revise that changes it is checked against the floor. */
    sentPriceMinor: bigint('sent_price_minor', { mode: 'number' }),
    quantity: integer('quantity').notNull().default(1),
    /** The marketplace's refusal in words (status failed). */
    error: text('error'),
    listedAt: timestamp('listed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * A change of the live listing the seller asked for and a job is carrying to the marketplace (revise, end,
     * relist); null when none. A failed one leaves `error` with its words and the status as it was.
     */
    pendingChange: text('pending_change').$type<ListingChange>(),
    /** When the pending change was last asked for: a revise that started before it runs again (a later save). */
    changeRequestedAt: timestamp('change_requested_at', { withTimezone: true }),
    /**
     * An assisted channel's listing the seller is asked to take down (the item sold elsewhere): when the delist task
     * was set; null when there is none or the seller ticked it (the listing is then ended).
     */
    delistTaskAt: timestamp('delist_task_at', { withTimezone: true }),
    /**
     * When the e-mail naming this delist task was sent (the seller has no browser notifications on): set in the
     * transaction that sends it, so a retried pull never mails the same task twice; null with every new task.
     */
    delistMailedAt: timestamp('delist_mailed_at', { withTimezone: true }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('channel_listings_item_channel_unique').on(t.itemId, t.channel),
    index('channel_listings_user_idx').on(t.userId),
    // The event stream's listing query (events/repo.ts): the user's listings changed after a cursor.
    index('channel_listings_user_updated_idx').on(t.userId, t.updatedAt),
    // The seller's open delist tasks (dashboard and badge): few rows of many.
    index('channel_listings_delist_tasks_idx')
      .on(t.userId)
      .where(sql`${t.delistTaskAt} is not null`),
  ],
);

/**
 * A seller's price rule for one channel (decision 051): the percent added to the item's price there, and
 * its rounding (src/shared/domain/price-rule.ts). No row: the same price.
 */
export const channelPriceRules = pgTable(
  'channel_price_rules',
  {
    userId: sellerId(),
    channel: channelOfRow(),
    percent: numeric('percent', { precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
    rounding: text('rounding').$type<PriceRounding>().notNull().default('none'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channel] })],
);

/**
 * A photo on eBay's picture service (Media API), kept so a retried publish does not upload it again. A row per
 * photo, not a map in the listing's data: it goes with its photo (cascade) and parallel uploads write apart.
 */
export const ebayImageUploads = pgTable('ebay_image_uploads', {
  imageId: uuid('image_id')
    .primaryKey()
    .references(() => itemImages.id, { onDelete: 'cascade' }),
  userId: sellerId(),
  url: text('url').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The seller's eBay settings that outlive a connection: the prefix put before each SKU sent to eBay. */
export const ebaySellerSettings = pgTable('ebay_seller_settings', {
  userId: sellersOwnRow(),
  skuPrefix: text('sku_prefix').notNull().default(''),
  updatedAt: updatedAt(),
});

export const ebayInventoryLocations = pgTable(
  'ebay_inventory_locations',
  {
    id: rowId(),
    userId: sellerId(),
    merchantLocationKey: text('merchant_location_key').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    name: text('name').notNull(),
    city: text('city'),
    stateOrProvince: text('state_or_province'),
    addressLine1: text('address_line1'),
    postalCode: text('postal_code'),
    country: text('country').notNull().default('US'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ebay_locations_user_key_unique').on(t.userId, t.merchantLocationKey)],
);

/**
 * Background work, claimed with FOR UPDATE SKIP LOCKED under a lease. A job is about one subject (an item, a listing,
 * a seller's channel connection: jobs/job-subject.ts); at most one waiting or running job per (kind, subject).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: rowId(),
    kind: text('kind').notNull(),
    userId: sellerId(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** The item the subject is or belongs to (none for a connection): deleting the item deletes its jobs. */
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Worker identity of the lease (jobs/worker-identity.ts): a restarted server releases its own at once. */
    leaseOwner: text('lease_owner'),
    lastError: text('last_error'),
    /**
     * Queued again while it ran (jobs/queue.ts): completing it puts it back to waiting, due at this time, instead of
     * deleting it. Null: done means done.
     */
    runAgainAt: timestamp('run_again_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAfter),
    index('jobs_user_item_idx').on(t.userId, t.itemId),
    uniqueIndex('jobs_active_subject_idx')
      .on(t.kind, t.subjectType, t.subjectId)
      .where(sql`status in ('pending', 'running')`),
  ],
);

/** Fixed-window counters for rate limits that must hold across server processes. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * The AI provider's pacing (listings/provider-rate-limiter.ts), one row per provider and endpoint, shared by every
 * process on the database so that two servers together keep to the provider's limit. Times in epoch ms.
 */
export const providerPacing = pgTable('provider_pacing', {
  key: text('key').primaryKey(),
  spacingMs: doublePrecision('spacing_ms').notNull().default(0),
  nextAt: bigint('next_at', { mode: 'number' }).notNull().default(0),
  blockedUntil: bigint('blocked_until', { mode: 'number' }).notNull().default(0),
  remaining: integer('remaining'),
  resetAt: bigint('reset_at', { mode: 'number' }).notNull().default(0),
  startedSinceAnswer: integer('started_since_answer').notNull().default(0),
});

/**
 * The seller's profit floor settings (decision 086): what they usually pay to ship an item, and the least
 * they want to make on a sale, an amount or a percent of the price. No row: shipping 0 and no margin.
 */
export const profitFloorSettings = pgTable('profit_floor_settings', {
  userId: sellersOwnRow(),
  currency: text('currency').notNull().default(defaultCurrency),
  shippingCostMinor: bigint('shipping_cost_minor', { mode: 'number' }).notNull().default(0),
  marginKind: text('margin_kind').$type<'amount' | 'percent'>().notNull().default('amount'),
  marginAmountMinor: bigint('margin_amount_minor', { mode: 'number' }).notNull().default(0),
  /** Hundredths of a percent: 12.5% is 1250. */
  marginBasisPoints: integer('margin_basis_points').notNull().default(0),
  updatedAt: updatedAt(),
});

export const authSchema = { user, session, account, verification };

/**
 * A line of an order on a marketplace: what sold, for how much, and whether it was
 * cancelled afterwards. Keyed on the marketplace's (order, line) so a repeated, overlapping or concurrent pull
 * counts nothing twice. `itemId` is the item the line's SKU matched (null when none did, or the item was deleted).
 */
export const sales = pgTable(
  'sales',
  {
    id: rowId(),
    userId: sellerId(),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    channel: channelOfRow(),
    externalOrderId: text('external_order_id').notNull(),
    externalLineId: text('external_line_id').notNull(),
    /** The order as the seller knows it on the marketplace (Shopify's "#1039"); null: its id is that. */
    orderName: text('order_name'),
    sku: text('sku'),
    quantity: integer('quantity').notNull().default(1),
    /** The line's price (all its units) and the shipping the buyer paid for it, in `currency`. */
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    shippingChargedMinor: bigint('shipping_charged_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull(),
    /** Who bought it, as the marketplace names the buyer; null when it does not say (decision 083). */
    buyer: text('buyer'),
    /** Set when the marketplace says the line was cancelled: it is then no sale. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The marketplace's fees for the line; null while they are pending. */
    feesMinor: bigint('fees_minor', { mode: 'number' }),
    /** What the seller paid to send the line (entered on the sold item, decision 048); null: not entered. */
    shippingCostMinor: bigint('shipping_cost_minor', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sales_user_channel_order_line_unique').on(t.userId, t.channel, t.externalOrderId, t.externalLineId),
    index('sales_user_sold_idx').on(t.userId, t.soldAt),
    index('sales_item_idx').on(t.itemId),
  ],
);

/** How far each user's sales on a channel have been pulled: the next pull asks from here, less a small overlap. */
export const salesCursors = pgTable(
  'sales_cursors',
  {
    userId: sellerId(),
    channel: channelOfRow(),
    pulledUntil: timestamp('pulled_until', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channel] })],
);

/**
 * A seller's imports of what is already live on eBay (decision 047): the site-made listing ids they gave
 * to migrate, how far the job got, and what eBay would not migrate, with eBay's reason. The items themselves are
 * keyed on the eBay SKU (their upload key is derived from it), so running an import again makes none twice.
 */
export const ebayImports = pgTable(
  'ebay_imports',
  {
    id: rowId(),
    userId: sellerId(),
    /** running, done or failed. */
    status: text('status').notNull().default('running'),
    /** Listings made on eBay's site to move into the Inventory API first (bulkMigrateListing). */
    listingIds: jsonb('listing_ids').$type<string[]>().notNull().default([]),
    /** Those already sent to bulkMigrateListing (moved or refused): a resumed job does not send them again. */
    migratedIds: jsonb('migrated_ids').$type<string[]>().notNull().default([]),
    /** Live listings found on eBay; null until the inventory was read. */
    total: integer('total'),
    /** Live listings handled so far (imported now, or here already). */
    done: integer('done').notNull().default(0),
    /** Items this import created. */
    imported: integer('imported').notNull().default(0),
    /** Live listings that were here already (imported before, or published from here). */
    alreadyHere: integer('already_here').notNull().default(0),
    /** Listings eBay would not migrate, or that could not be brought in, each with the reason. */
    refusals: jsonb('refusals').$type<{ listingId: string | null; sku: string | null; message: string }[]>().notNull().default([]),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('ebay_imports_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * A seller's imports of their past sales from one marketplace (decision 150): how far the job got and what it found.
 * The sales themselves are keyed on the marketplace's order line (the sales table's unique key), so an import run
 * again, or a sales pull of the same order, counts none twice.
 */
export const pastSalesImports = pgTable(
  'past_sales_imports',
  {
    id: rowId(),
    userId: sellerId(),
    channel: text('channel').$type<ApiChannel>().notNull(),
    /** running, done or failed. */
    status: text('status').notNull().default('running'),
    /** reading (the orders), fees (the fees of the new ones), done. */
    phase: text('phase').notNull().default('reading'),
    /** Order lines the marketplace answered; null until they were read. */
    lines: integer('lines'),
    /** Orders whose fees were asked about so far, of `feeOrders`. */
    feesRead: integer('fees_read').notNull().default(0),
    feeOrders: integer('fee_orders').notNull().default(0),
    /** The orders this import wrote, whose fees it asks (a resumed job carries on from `feesRead`). */
    orderIds: jsonb('order_ids').$type<string[]>().notNull().default([]),
    /** Sales this import added, and lines that were here already (pulled, imported before, or of a listing made here). */
    imported: integer('imported').notNull().default(0),
    alreadyHere: integer('already_here').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('past_sales_imports_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * A seller's spreadsheet of past sales too long to write in one request (decision 149): checked whole first, then
 * written a batch at a time by the `import-past-sales-file` job, each batch with its progress in one transaction. The
 * file is kept until the job is done, then let go.
 */
export const pastSalesFileImports = pgTable(
  'past_sales_file_imports',
  {
    id: rowId(),
    userId: sellerId(),
    /** writing, done or failed. */
    status: text('status').$type<'writing' | 'done' | 'failed'>().notNull().default('writing'),
    /** The file as sent; null once written. */
    csv: text('csv'),
    locale: text('locale').notNull(),
    currency: text('currency').notNull(),
    /** The file's sales (its rows under the header), and how many of them the job has been through. */
    rows: integer('rows').notNull(),
    done: integer('done').notNull().default(0),
    /** Sales written, and rows imported before (left as they were). */
    imported: integer('imported').notNull().default(0),
    alreadyImported: integer('already_imported').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('past_sales_file_imports_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * How the seller hears of a delist task: `browserNotifications` once they allowed this app's notifications
 * on a device ("Notify me on this device"); otherwise each new task is e-mailed once.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: sellersOwnRow(),
  browserNotifications: boolean('browser_notifications').notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * A seller's connection to one marketplace (decision 072): one row per (seller, channel), for every OAuth
 * marketplace: eBay, Etsy and Shopify (decision 079; `data` holds what only that channel keeps). Tokens are encrypted
 * (channels/token-crypto.ts) with the key version they were sealed with.
 */
export const channelAccounts = pgTable(
  'channel_accounts',
  {
    id: rowId(),
    userId: sellerId(),
    channel: channelOfRow(),
    /** The account on the marketplace: Shopify's shop domain (name.myshopify.com), eBay's user id, Etsy's shop id. */
    accountRef: text('account_ref').notNull(),
    /** What the seller reads: the shop's or account's name. */
    label: text('label'),
    accessToken: text('access_token').notNull(),
    /** Null where the marketplace gives none (Shopify's offline tokens do not expire). */
    refreshToken: text('refresh_token'),
    keyVersion: text('key_version').notNull(),
    scopes: text('scopes').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
    /** What only that marketplace needs of the connection (Shopify: its location and Online Store publication). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('channel_accounts_user_channel_unique').on(t.userId, t.channel)],
);

/**
 * One-time OAuth 2 `state` values of every marketplace's consent round trip (decision 079): whose it is,
 * which channel, its PKCE code verifier where the marketplace uses PKCE (kept here, never in the browser), and what
 * the channel needs back at the callback (`data`: eBay's environment, Shopify's store).
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    state: text('state').primaryKey(),
    userId: sellerId(),
    channel: channelOfRow(),
    codeVerifier: text('code_verifier'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_states_user_channel_idx').on(t.userId, t.channel)],
);

// ---- Autopilot and comparables (decision 053) ----

/**
 * A seller's autopilot ("Publish when ready"): the default every new product takes (channels and price rule), and
 * the state of the current run. A product that joins while no run is going starts a new one (`runId`).
 */
export const autopilotSettings = pgTable('autopilot_settings', {
  userId: sellersOwnRow(),
  /** New products join the autopilot as they are uploaded. */
  enabled: boolean('enabled').notNull().default(false),
  /** A new seller's: the marketplaces whose traits put them on the autopilot by default (decision 178). */
  channels: text('channels')
    .array()
    .$type<ApiChannel[]>()
    .notNull()
    .default(sql.raw(`'{${defaultAutopilotChannels.join(',')}}'::text[]`)),
  priceBasis: text('price_basis').$type<AutopilotPriceBasis>().notNull().default('ai'),
  /** The comparables' median minus or plus this percent. */
  pricePercent: integer('price_percent').notNull().default(0),
  /** No listing goes out under it by itself: it stops in review. */
  floorPriceMinor: bigint('floor_price_minor', { mode: 'number' }),
  currency: text('currency').notNull().default(defaultCurrency),
  /** A product whose profit is unknown (no cost entered) waits in review instead of going out (decision 121). */
  holdWithoutCost: boolean('hold_without_cost').notNull().default(false),
  /** running or paused: a paused autopilot moves no product on. */
  state: text('state').$type<AutopilotState>().notNull().default('running'),
  runId: uuid('run_id'),
  runStartedAt: timestamp('run_started_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** A product on autopilot: its channels and price rule (the batch's or the default), where it is, and why it waits. */
export const autopilotItems = pgTable(
  'autopilot_items',
  {
    itemId: uuid('item_id')
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: sellerId(),
    runId: uuid('run_id').notNull(),
    channels: text('channels').array().$type<ApiChannel[]>().notNull(),
    priceBasis: text('price_basis').$type<AutopilotPriceBasis>().notNull(),
    pricePercent: integer('price_percent').notNull().default(0),
    floorPriceMinor: bigint('floor_price_minor', { mode: 'number' }),
    currency: text('currency').notNull().default(defaultCurrency),
    /** Unused since decision 121: the price the seller types in review is the item's own asking price. */
    sellerPriceMinor: bigint('seller_price_minor', { mode: 'number' }),
    /** The seller confirmed, in review, the prices under their profit floor the next check finds (decision 121). */
    confirmUnderFloor: boolean('confirm_under_floor').notNull().default(false),
    stage: text('stage').$type<AutopilotStage>().notNull().default('uploading'),
    /** Why it waits for the seller (stage review), in words, per channel. */
    reasons: jsonb('reasons').$type<AutopilotReason[]>().notNull().default([]),
    /** The price the rule gave, and what it was based on. */
    priceMinor: bigint('price_minor', { mode: 'number' }),
    priceBasisText: text('price_basis_text'),
    /** Why it failed (stage failed). */
    error: text('error'),
    /** Its upload is whole (the browser said so, or it settled): the listing can be written. */
    uploadComplete: boolean('upload_complete').notNull().default(false),
    joinedAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('autopilot_items_user_run_idx').on(t.userId, t.runId),
    // The sweep: products still moving (few rows of many).
    index('autopilot_items_moving_idx')
      .on(t.stage)
      .where(sql`${t.stage} in ('uploading', 'writing', 'checking', 'publishing')`),
  ],
);

/**
 * eBay Browse answers (active listings like an item's), per query, kept a day: the same query within the day costs
 * no call. Public marketplace data, not a seller's: shared by every seller asking the same.
 */
export const comparablesCache = pgTable('comparables_cache', {
  queryKey: text('query_key').primaryKey(),
  answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Calls made with the application token per UTC day and API, counted against eBay's daily call budget. */
export const ebayAppCalls = pgTable(
  'ebay_app_calls',
  {
    day: text('day').notNull(),
    api: text('api').notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.api] })],
);

/**
 * eBay's traffic report per seller, listing and UTC day (decision 098): read once a day within the report's
 * daily call limit and kept here, so a restart or a second server does not spend a call again. `reported` false: eBay
 * had no data for the listing that day (its figures null, never 0).
 */
export const ebayListingTraffic = pgTable(
  'ebay_listing_traffic',
  {
    userId: sellerId(),
    listingId: text('listing_id').notNull(),
    day: text('day').notNull(),
    reported: boolean('reported').notNull(),
    views: integer('views'),
    impressions: integer('impressions'),
    clickThroughRate: doublePrecision('click_through_rate'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId, t.day] })],
);

/**
 * The seller's own price list: a price per category (cents) and a percent per condition, used where no AI
 * price and no comparables price is there. No row: an empty list, and the offer after sign-up not yet answered.
 */
export const sellerPriceLists = pgTable('seller_price_lists', {
  userId: sellersOwnRow(),
  currency: text('currency').$type<PriceListCurrency>().notNull().default('USD'),
  rows: jsonb('rows')
    .$type<PriceListRow[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  adjustments: jsonb('adjustments')
    .$type<ConditionAdjustment[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  updatedAt: updatedAt(),
});

/**
 * The eBay notifications already handled (decision 076), by eBay's notificationId: a replayed message changes nothing.
 * Not a seller's data (the message names an eBay user or order); kept a week.
 */
export const ebayNotificationsSeen = pgTable('ebay_notifications_seen', {
  notificationId: text('notification_id').primaryKey(),
  topic: text('topic').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The seller's Web Push subscriptions (decision 084): one row per device that turned on phone
 * notifications, as its browser's PushManager answered (the push service's endpoint and the keys the payload is
 * encrypted for, RFC 8291). An endpoint is one browser's: a second sign-in on that device takes it over. Deleted when
 * the push service answers 404 or 410 (RFC 8030: the subscription is gone).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: rowId(),
    userId: sellerId(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastPushedAt: timestamp('last_pushed_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * This server's VAPID key pair (RFC 8292), made once when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not set, so a
 * newcomer's `npm start` can push: one row (id 1). The private key never leaves the server.
 */
export const vapidKeys = pgTable('vapid_keys', {
  id: integer('id').primaryKey().default(1),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});

/**
 * The seller's rule for offers to an eBay listing's interested buyers (decision 087): on or off, the percent
 * off the listing price (5 to 90, whole percents: eBay's least is 5), and how many days a listing has been live before
 * it gets one. Run daily through the job queue. No row: off, 10 % after 7 days.
 */
export const ebayOfferRules = pgTable('ebay_offer_rules', {
  userId: sellersOwnRow(),
  enabled: boolean('enabled').notNull().default(false),
  percentOff: integer('percent_off').notNull().default(10),
  afterDays: integer('after_days').notNull().default(7),
  /** Ask me first (decision 108): the daily rule sends nothing itself; its offers wait in the week's plan for approval. */
  askFirst: boolean('ask_first').notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * Every offer sent to an eBay listing's interested buyers (decision 087), and what came of it: the price
 * (after the profit floor), the percent off it gave, eBay's offer ids (one a buyer), whether it was sent or refused
 * (eBay's words), and the sale it led to (matched by the order's listing and price while the offer was open).
 */
export const ebayBuyerOffers = pgTable(
  'ebay_buyer_offers',
  {
    id: rowId(),
    userId: sellerId(),
    itemId: itemOfRow(),
    /** eBay's listing id the offer was on. */
    listingId: text('listing_id').notNull(),
    listingPriceMinor: bigint('listing_price_minor', { mode: 'number' }).notNull(),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The percent off the listing price the offer gave, in basis points (1000 = 10 %). */
    percentOffBasisPoints: integer('percent_off_basis_points').notNull(),
    /** The seller's percent was under the floor: the price was raised to the least that clears it. */
    raisedToFloor: boolean('raised_to_floor').notNull().default(false),
    trigger: text('trigger').$type<'seller' | 'rule'>().notNull(),
    ebayOfferIds: jsonb('ebay_offer_ids').$type<string[]>().notNull().default([]),
    buyers: integer('buyers').notNull().default(0),
    outcome: text('outcome').$type<'sent' | 'refused' | 'sold'>().notNull(),
    /** eBay's refusal in words (outcome refused). */
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** When eBay's offer lapses: 4 days after it is sent on eBay US and UK, 2 elsewhere. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    saleId: uuid('sale_id').references(() => sales.id, { onDelete: 'set null' }),
  },
  (t) => [index('ebay_buyer_offers_user_listing').on(t.userId, t.listingId, t.sentAt)],
);

/**
 * The seller's rule for offers to the people who liked a Depop product: on or off, the percent off the
 * listing price (5 to 90: Depop's offers are at least 5 % under the price), and whether it asks first. Not asking:
 * Depop sends it itself an hour after a like (the product's auto_send_offer_price); asking: each offer waits in the
 * week's plan and goes through Depop's offer endpoint once approved. No row: off, 10 %.
 */
export const depopOfferRules = pgTable('depop_offer_rules', {
  userId: sellersOwnRow(),
  enabled: boolean('enabled').notNull().default(false),
  percentOff: integer('percent_off').notNull().default(10),
  askFirst: boolean('ask_first').notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * Who liked the seller's Depop product (the signed `v1:product.like` webhook; `v1:product.unlike` removes the row),
 * and the offer the app sent them through Depop's offer endpoint, if any.
 */
export const depopLikes = pgTable(
  'depop_likes',
  {
    userId: sellerId(),
    itemId: itemOfRow(),
    /** Depop's user id of the buyer who liked it. */
    likerId: text('liker_id').notNull(),
    likedAt: timestamp('liked_at', { withTimezone: true }).notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerPriceMinor: bigint('offer_price_minor', { mode: 'number' }),
    offerCurrency: text('offer_currency'),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.likerId] }), index('depop_likes_user').on(t.userId, t.itemId)],
);

/**
 * The seller's rules for price drops and relists (decision 090): seller-wide (`scope` 'all'), for one
 * channel ('channel:etsy') or one item ('item:<id>'); the most specific applies. `dropSteps`: each a percent off (basis
 * points) after so many days listed. `relistAfterDays`: end and list again after so many days without a sale (null:
 * never). `automatic`: applied when due without the seller's approval.
 */
export const sellingPlanRules = pgTable(
  'selling_plan_rules',
  {
    id: rowId(),
    userId: sellerId(),
    scope: text('scope').notNull(),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    dropSteps: jsonb('drop_steps').$type<{ afterDays: number; basisPoints: number }[]>().notNull().default([]),
    relistAfterDays: integer('relist_after_days'),
    automatic: boolean('automatic').notNull().default(false),
    /** 'predicted': the drops move so the first falls on the listing's predicted days to sale there (decision 152). */
    dropTiming: text('drop_timing').$type<'fixed' | 'predicted'>().notNull().default('fixed'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('selling_plan_rules_user_scope').on(t.userId, t.scope)],
);

/**
 * Every planned price drop and relist (decision 090), one row per (listing, kind, step, listing period):
 * planned with its price, floor and profit, approved or rejected by the seller (or automatic), then applied once.
 * `state` moves planned → applied (a drop: in the transaction that sets the price and queues the revise, so a restart
 * never drops twice), or through ending → relisting → applied (a relist), or task → applied (an assisted channel's
 * drop, ticked by the seller). `listingBefore`/`listingAfter`: the marketplace's listing ids around a relist (history).
 */
export const sellingPlanActions = pgTable(
  'selling_plan_actions',
  {
    id: rowId(),
    userId: sellerId(),
    itemId: itemOfRow(),
    channel: channelOfRow(),
    kind: text('kind').$type<'offer' | 'drop' | 'relist'>().notNull(),
    /** The drop step's index in its rule; 0 for a relist; for an offer, its round (offers the item had before it). */
    step: integer('step').notNull(),
    /** When the listing period the step counts from began (listed, or last relisted). */
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    fromPriceMinor: bigint('from_price_minor', { mode: 'number' }).notNull(),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    floorMinor: bigint('floor_minor', { mode: 'number' }),
    profitMinor: bigint('profit_minor', { mode: 'number' }),
    stoppedAtFloor: boolean('stopped_at_floor').notNull().default(false),
    decision: text('decision').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    automatic: boolean('automatic').notNull().default(false),
    /** The rule that planned it (decision 108): 'all', a channel, 'item:<id>', or 'offer-rule' (the channel's offer rule). */
    ruleScope: text('rule_scope'),
    state: text('state')
      .$type<'planned' | 'ending' | 'relisting' | 'sending' | 'task' | 'applied' | 'failed'>()
      .notNull()
      .default('planned'),
    message: text('message'),
    listingBefore: text('listing_before'),
    listingAfter: text('listing_after'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('selling_plan_actions_step').on(t.itemId, t.channel, t.kind, t.step, t.periodStart),
    index('selling_plan_actions_user_state').on(t.userId, t.state, t.dueAt),
  ],
);

/**
 * The offers waiting for the seller's approval that they were told of (decision 112): one row per offer (item, channel,
 * round, listing period: the key of its plan action, which outlives the action row a failed offer read may delete),
 * inserted `on conflict do nothing` before the push or e-mail goes, so a recomputation, a restart or a second server
 * never tells of the same offer twice. Written by selling-plan/offer-notice-repo.ts only.
 */
export const sellingPlanOfferNotices = pgTable(
  'selling_plan_offer_notices',
  {
    userId: sellerId(),
    itemId: itemOfRow(),
    channel: channelOfRow(),
    round: integer('round').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    toldAt: timestamp('told_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.channel, t.round, t.periodStart] }), index('selling_plan_offer_notices_user').on(t.userId)],
);

/**
 * Where the seller sells from (decision 102): the country from their eBay account, or their own choice
 * (`source` 'seller', which a later eBay connection does not overwrite). It sets the currency of new items, the locale
 * of amounts and the eBay marketplace. No row: the US.
 */
export const sellerRegions = pgTable('seller_regions', {
  userId: sellersOwnRow(),
  country: text('country').notNull(),
  source: text('source').$type<Exclude<SellerRegionSource, 'default'>>().notNull(),
  updatedAt: updatedAt(),
});

/** A manufacturer or EU responsible person's name and contacts, as eBay's Inventory API takes them (GPSR). */
export interface SafetyContact {
  companyName: string;
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  postalCode?: string;
  stateOrProvince?: string;
  country?: string;
  email?: string;
  phone?: string;
  contactUrl?: string;
}

/**
 * EU product safety (GPSR) per brand, entered once by the seller and sent with each listing of that brand on eBay's
 * EU and UK marketplaces (decision 102). Keyed on the brand's lower-case name.
 */
export const brandSafetyContacts = pgTable(
  'brand_safety_contacts',
  {
    userId: sellerId(),
    brandKey: text('brand_key').notNull(),
    brand: text('brand').notNull(),
    manufacturer: jsonb('manufacturer').$type<SafetyContact>().notNull(),
    responsiblePerson: jsonb('responsible_person').$type<SafetyContact>().notNull(),
    /** eBay's product safety statement ids, where a category asks for them; empty: none given. */
    safetyStatements: text('safety_statements')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.brandKey] })],
);

/**
 * Items held from writing until the seller answers a channel's question (decision 116): a size eBay takes
 * none of, met by Generate or the camera batches' background generation. No AI call is spent on a held item; the
 * row goes when a generation finds nothing left to ask, or with the item. `questions`: what was asked, shown again
 * when the channel cannot be asked just now (they are asked afresh whenever shown).
 */
export const writingHolds = pgTable(
  'writing_holds',
  {
    itemId: uuid('item_id')
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: sellerId(),
    questions: jsonb('questions').$type<WritingQuestion[]>().notNull(),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('writing_holds_user').on(t.userId)],
);

/**
 * The seller's own minutes per item for each part of the work, where they corrected the app's estimate;
 * null: the estimate from their own timestamps (what-sells/seller-time.ts). No row: every part estimated.
 */
export const sellerTimeSettings = pgTable('seller_time_settings', {
  userId: sellersOwnRow(),
  captureMinutes: real('capture_minutes'),
  reviewMinutes: real('review_minutes'),
  handOverMinutes: real('hand_over_minutes'),
  shippingMinutes: real('shipping_minutes'),
  updatedAt: updatedAt(),
});

/**
 * A fan-out's kind: one send to many recipients, each recipient's outcome kept (fan-out/fan-out.ts). Its channel's
 * name, then what it sends; each channel names its own (Depop's offer to likers, eBay's offer to watchers).
 */
export type FanOutKind = `${ApiChannel}-${string}`;
/** pending: not tried; sending: the call may be under way (a restart finds out or decides); sent, failed: its outcome. */
export type FanOutState = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * One recipient of one fan-out run (decision 158): its outcome stored before the next recipient's send, so a restart
 * resumes the rest and sends none twice. `runKey` names the run (the plan action); `recipient` the buyer or the
 * listing.
 */
export const fanOutSends = pgTable(
  'fan_out_sends',
  {
    userId: sellerId(),
    kind: text('kind').$type<FanOutKind>().notNull(),
    runKey: text('run_key').notNull(),
    recipient: text('recipient').notNull(),
    state: text('state').$type<FanOutState>().notNull().default('pending'),
    /** Why it failed, or why a sent one is not confirmed. */
    message: text('message'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.runKey, t.recipient] }), index('fan_out_sends_open').on(t.state, t.kind)],
);
