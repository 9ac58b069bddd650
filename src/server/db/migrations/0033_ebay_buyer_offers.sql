CREATE TABLE "ebay_buyer_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"item_id" uuid NOT NULL,
	"listing_id" text NOT NULL,
	"listing_price_minor" bigint NOT NULL,
	"price_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"percent_off_basis_points" integer NOT NULL,
	"raised_to_floor" boolean DEFAULT false NOT NULL,
	"trigger" text NOT NULL,
	"ebay_offer_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"buyers" integer DEFAULT 0 NOT NULL,
	"outcome" text NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sale_id" uuid
);
--> statement-breakpoint
CREATE TABLE "ebay_offer_rules" (
	"user_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"percent_off" integer DEFAULT 10 NOT NULL,
	"after_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ebay_buyer_offers" ADD CONSTRAINT "ebay_buyer_offers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebay_buyer_offers" ADD CONSTRAINT "ebay_buyer_offers_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebay_buyer_offers" ADD CONSTRAINT "ebay_buyer_offers_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebay_offer_rules" ADD CONSTRAINT "ebay_offer_rules_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ebay_buyer_offers_user_listing" ON "ebay_buyer_offers" USING btree ("user_id","listing_id","sent_at");