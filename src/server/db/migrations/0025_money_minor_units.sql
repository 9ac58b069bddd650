-- Money in integer minor units with its currency (issue 43, decision 067). Every amount is converted exactly:
-- numeric(…, 2) times 10^digits is a whole number (round() only drops a zero fraction), digits as Intl counts them.
ALTER TABLE "items" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
UPDATE "items" SET "currency" = s."currency" FROM (
  SELECT DISTINCT ON ("item_id") "item_id", "currency" FROM "sales" WHERE "item_id" IS NOT NULL ORDER BY "item_id", "sold_at" DESC
) s WHERE s."item_id" = "items"."id";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "cost_minor" bigint;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "ai_suggested_price_minor" bigint;--> statement-breakpoint
UPDATE "items" SET
  "cost_minor" = round("cost" * power(10, CASE WHEN "currency" IN ('BIF','CLP','DJF','GNF','ISK','JPY','KMF','KRW','PYG','RWF','UGX','UYI','VND','VUV','XAF','XOF','XPF') THEN 0 WHEN "currency" IN ('BHD','IQD','JOD','KWD','LYD','OMR','TND') THEN 3 ELSE 2 END)::numeric)::bigint,
  "ai_suggested_price_minor" = round("ai_suggested_price" * power(10, CASE WHEN "currency" IN ('BIF','CLP','DJF','GNF','ISK','JPY','KMF','KRW','PYG','RWF','UGX','UYI','VND','VUV','XAF','XOF','XPF') THEN 0 WHEN "currency" IN ('BHD','IQD','JOD','KWD','LYD','OMR','TND') THEN 3 ELSE 2 END)::numeric)::bigint;--> statement-breakpoint
ALTER TABLE "items" DROP COLUMN "cost";--> statement-breakpoint
ALTER TABLE "items" DROP COLUMN "ai_suggested_price";--> statement-breakpoint
ALTER TABLE "channel_listings" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_listings" ADD COLUMN "price_minor" bigint;--> statement-breakpoint
UPDATE "channel_listings" SET "currency" = i."currency" FROM "items" i WHERE i."id" = "channel_listings"."item_id";--> statement-breakpoint
UPDATE "channel_listings" SET
  "price_minor" = round("price" * power(10, CASE WHEN "currency" IN ('BIF','CLP','DJF','GNF','ISK','JPY','KMF','KRW','PYG','RWF','UGX','UYI','VND','VUV','XAF','XOF','XPF') THEN 0 WHEN "currency" IN ('BHD','IQD','JOD','KWD','LYD','OMR','TND') THEN 3 ELSE 2 END)::numeric)::bigint;--> statement-breakpoint
ALTER TABLE "channel_listings" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "price_minor" bigint;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "shipping_charged_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "fees_minor" bigint;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "shipping_cost_minor" bigint;--> statement-breakpoint
UPDATE "sales" SET
  "price_minor" = round("price" * s.scale)::bigint,
  "shipping_charged_minor" = round("shipping_charged" * s.scale)::bigint,
  "fees_minor" = round("fees" * s.scale)::bigint,
  "shipping_cost_minor" = round("shipping_cost" * s.scale)::bigint
FROM (
  SELECT "id", power(10, CASE WHEN "currency" IN ('BIF','CLP','DJF','GNF','ISK','JPY','KMF','KRW','PYG','RWF','UGX','UYI','VND','VUV','XAF','XOF','XPF') THEN 0 WHEN "currency" IN ('BHD','IQD','JOD','KWD','LYD','OMR','TND') THEN 3 ELSE 2 END)::numeric AS scale FROM "sales"
) s WHERE s."id" = "sales"."id";--> statement-breakpoint
ALTER TABLE "sales" ALTER COLUMN "price_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "sales" DROP COLUMN "shipping_charged";--> statement-breakpoint
ALTER TABLE "sales" DROP COLUMN "fees";--> statement-breakpoint
ALTER TABLE "sales" DROP COLUMN "shipping_cost";--> statement-breakpoint
ALTER TABLE "autopilot_settings" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "autopilot_settings" ADD COLUMN "floor_price_minor" bigint;--> statement-breakpoint
UPDATE "autopilot_settings" SET "floor_price_minor" = round("floor_price" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "autopilot_settings" DROP COLUMN "floor_price";--> statement-breakpoint
ALTER TABLE "autopilot_items" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "autopilot_items" ADD COLUMN "floor_price_minor" bigint;--> statement-breakpoint
ALTER TABLE "autopilot_items" ADD COLUMN "seller_price_minor" bigint;--> statement-breakpoint
ALTER TABLE "autopilot_items" ADD COLUMN "price_minor" bigint;--> statement-breakpoint
UPDATE "autopilot_items" SET
  "floor_price_minor" = round("floor_price" * 100)::bigint,
  "seller_price_minor" = round("seller_price" * 100)::bigint,
  "price_minor" = round("price" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "autopilot_items" DROP COLUMN "floor_price";--> statement-breakpoint
ALTER TABLE "autopilot_items" DROP COLUMN "seller_price";--> statement-breakpoint
ALTER TABLE "autopilot_items" DROP COLUMN "price";
