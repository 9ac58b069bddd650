CREATE TABLE "autopilot_items" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"run_id" uuid NOT NULL,
	"channels" text[] NOT NULL,
	"price_basis" text NOT NULL,
	"price_percent" integer DEFAULT 0 NOT NULL,
	"floor_price" numeric(10, 2),
	"seller_price" numeric(10, 2),
	"stage" text DEFAULT 'uploading' NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" numeric(10, 2),
	"price_basis_text" text,
	"error" text,
	"upload_complete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autopilot_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"channels" text[] DEFAULT '{ebay}'::text[] NOT NULL,
	"price_basis" text DEFAULT 'ai' NOT NULL,
	"price_percent" integer DEFAULT 0 NOT NULL,
	"floor_price" numeric(10, 2),
	"state" text DEFAULT 'running' NOT NULL,
	"run_id" uuid,
	"run_started_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comparables_cache" (
	"query_key" text PRIMARY KEY NOT NULL,
	"answer" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ebay_app_calls" (
	"day" text NOT NULL,
	"api" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ebay_app_calls_day_api_pk" PRIMARY KEY("day","api")
);
--> statement-breakpoint
ALTER TABLE "autopilot_items" ADD CONSTRAINT "autopilot_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopilot_items" ADD CONSTRAINT "autopilot_items_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopilot_settings" ADD CONSTRAINT "autopilot_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autopilot_items_user_run_idx" ON "autopilot_items" USING btree ("user_id","run_id");--> statement-breakpoint
CREATE INDEX "autopilot_items_moving_idx" ON "autopilot_items" USING btree ("stage") WHERE "autopilot_items"."stage" in ('uploading', 'writing', 'checking', 'publishing');