-- Sales pulled from the marketplaces (issue 33, decision 045): one row per order line, unique on the marketplace's
-- (order, line) for the user and channel, and each user's pull cursor per channel. May run again and changes
-- nothing the second time.
CREATE TABLE IF NOT EXISTS "sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"item_id" uuid,
	"channel" text NOT NULL,
	"external_order_id" text NOT NULL,
	"external_line_id" text NOT NULL,
	"sku" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"shipping_charged" numeric(12, 2) DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"sold_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"fees" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sales_cursors" (
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"pulled_until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_cursors_user_id_channel_pk" PRIMARY KEY("user_id","channel")
);
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "sales" ADD CONSTRAINT "sales_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "sales" ADD CONSTRAINT "sales_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "sales_cursors" ADD CONSTRAINT "sales_cursors_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sales_user_channel_order_line_unique" ON "sales" USING btree ("user_id","channel","external_order_id","external_line_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sales_user_sold_idx" ON "sales" USING btree ("user_id","sold_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sales_item_idx" ON "sales" USING btree ("item_id");