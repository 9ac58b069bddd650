ALTER TABLE "autopilot_items" ADD COLUMN "confirm_under_floor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "autopilot_settings" ADD COLUMN "hold_without_cost" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_listings" ADD COLUMN "price_source" text;--> statement-breakpoint
ALTER TABLE "channel_listings" ADD COLUMN "price_basis" text;--> statement-breakpoint
ALTER TABLE "channel_listings" ADD COLUMN "floor_confirmed_minor" bigint;--> statement-breakpoint
ALTER TABLE "channel_listings" ADD COLUMN "sent_price_minor" bigint;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "asking_price_minor" bigint;--> statement-breakpoint
-- What a live, ended or sold listing carries is what its marketplace was sent (decision 121).
UPDATE "channel_listings" SET "sent_price_minor" = "price_minor" WHERE "status" IN ('live', 'ended', 'sold') AND "price_minor" IS NOT NULL;--> statement-breakpoint
-- A price the seller typed in the autopilot's review is their asking price for the item.
UPDATE "items" SET "asking_price_minor" = "autopilot_items"."seller_price_minor" FROM "autopilot_items"
  WHERE "autopilot_items"."item_id" = "items"."id" AND "autopilot_items"."seller_price_minor" IS NOT NULL;
