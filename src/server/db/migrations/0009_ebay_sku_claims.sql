CREATE TABLE "ebay_seller_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"sku_prefix" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ebay_listings" ADD COLUMN "ebay_sku" text;--> statement-breakpoint
ALTER TABLE "ebay_seller_settings" ADD CONSTRAINT "ebay_seller_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Items that already reached eBay wrote their SKU unprefixed: that SKU is theirs.
UPDATE "ebay_listings" SET "ebay_sku" = "sku" WHERE "offer_id" IS NOT NULL OR "listing_id" IS NOT NULL;
