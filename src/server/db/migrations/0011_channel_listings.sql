-- One listing model for every marketplace (DESIGN §10, decision 040): ebay_listings and the eBay columns of items
-- and item_images move to channel_listings (channel 'ebay', eBay-only values in data) and ebay_image_uploads,
-- nothing lost. Every statement may run again and changes nothing the second time.
CREATE TABLE IF NOT EXISTS "channel_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"item_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"external_id" text,
	"url" text,
	"price" numeric(10, 2),
	"quantity" integer DEFAULT 1 NOT NULL,
	"error" text,
	"listed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ebay_image_uploads" (
	"image_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"url" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "channel_listings" ADD CONSTRAINT "channel_listings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "channel_listings" ADD CONSTRAINT "channel_listings_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "ebay_image_uploads" ADD CONSTRAINT "ebay_image_uploads_image_id_item_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."item_images"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "ebay_image_uploads" ADD CONSTRAINT "ebay_image_uploads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "channel_listings_item_channel_unique" ON "channel_listings" USING btree ("item_id","channel");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "channel_listings_user_idx" ON "channel_listings" USING btree ("user_id");--> statement-breakpoint
-- Each ebay_listings row, with its item's eBay category and condition. publish_status maps to status: null (Publish
-- Settings saved, never sent) -> draft, publishing -> publishing, published -> live, failed -> failed; any other
-- value (none is written today) -> draft with the value kept in data.publishStatus. settingsSaved marks the rows
-- the seller saved or sent: only those show as the item's publish state (a draft made from a category does not).
DO $$ BEGIN
  IF to_regclass('ebay_listings') IS NOT NULL THEN
    INSERT INTO "channel_listings" ("id", "user_id", "item_id", "channel", "status", "external_id", "url", "price",
      "quantity", "error", "listed_at", "data", "created_at", "updated_at")
    SELECT l.id, l.user_id, l.item_id, 'ebay',
      CASE l.publish_status WHEN 'publishing' THEN 'publishing' WHEN 'published' THEN 'live' WHEN 'failed' THEN 'failed'
        ELSE 'draft' END,
      l.listing_id, l.listing_url, l.price, l.quantity, l.publish_error, l.published_at,
      jsonb_strip_nulls(jsonb_build_object(
        'sku', l.sku, 'ebaySku', l.ebay_sku, 'offerId', l.offer_id,
        'categoryId', i.ebay_category_id, 'categoryName', i.ebay_category_name, 'conditionGrade', i.ebay_condition_grade,
        'publishStatus', CASE WHEN l.publish_status NOT IN ('publishing', 'published', 'failed') THEN l.publish_status END,
        'settingsSaved', true)),
      l.created_at, l.updated_at
    FROM ebay_listings l JOIN items i ON i.id = l.item_id
    ON CONFLICT DO NOTHING;
  END IF;
END $$;
--> statement-breakpoint
-- An item with an eBay category or condition but no ebay_listings row: a draft eBay listing holding them.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name = 'items' AND column_name = 'ebay_category_id') THEN
    INSERT INTO "channel_listings" ("user_id", "item_id", "channel", "status", "data")
    SELECT i.user_id, i.id, 'ebay', 'draft',
      jsonb_strip_nulls(jsonb_build_object(
        'categoryId', i.ebay_category_id, 'categoryName', i.ebay_category_name, 'conditionGrade', i.ebay_condition_grade))
    FROM items i
    WHERE i.ebay_category_id IS NOT NULL OR i.ebay_category_name IS NOT NULL OR i.ebay_condition_grade IS NOT NULL
    ON CONFLICT DO NOTHING;
  END IF;
END $$;
--> statement-breakpoint
-- Photos on eBay's picture service. A URL is always written with its expiry, so an expiry alone never occurs.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name = 'item_images' AND column_name = 'ebay_image_url') THEN
    INSERT INTO "ebay_image_uploads" ("image_id", "user_id", "url", "expires_at")
    SELECT id, user_id, ebay_image_url, ebay_image_expires_at FROM item_images WHERE ebay_image_url IS NOT NULL
    ON CONFLICT DO NOTHING;
  END IF;
END $$;
--> statement-breakpoint
DROP TABLE IF EXISTS "ebay_listings" CASCADE;--> statement-breakpoint
ALTER TABLE "item_images" DROP COLUMN IF EXISTS "ebay_image_url";--> statement-breakpoint
ALTER TABLE "item_images" DROP COLUMN IF EXISTS "ebay_image_expires_at";--> statement-breakpoint
ALTER TABLE "items" DROP COLUMN IF EXISTS "ebay_category_id";--> statement-breakpoint
ALTER TABLE "items" DROP COLUMN IF EXISTS "ebay_category_name";--> statement-breakpoint
ALTER TABLE "items" DROP COLUMN IF EXISTS "ebay_condition_grade";--> statement-breakpoint
-- The dashboard list's cache (decision 030) follows the eBay listing as 0008 had it follow ebay_listings (whose
-- trigger went with the table).
DROP TRIGGER IF EXISTS channel_listings_notify_change ON channel_listings;
--> statement-breakpoint
CREATE TRIGGER channel_listings_notify_change AFTER INSERT OR UPDATE OR DELETE ON channel_listings FOR EACH ROW
  EXECUTE FUNCTION item_list_notify_change();
