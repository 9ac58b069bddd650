CREATE TABLE "bundles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"cost_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"split" text DEFAULT 'equal' NOT NULL,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_time_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"capture_minutes" real,
	"review_minutes" real,
	"hand_over_minutes" real,
	"shipping_minutes" real,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "bundle_id" uuid;--> statement-breakpoint
ALTER TABLE "bundles" ADD CONSTRAINT "bundles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_time_settings" ADD CONSTRAINT "seller_time_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundles_user_idx" ON "bundles" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE set null ON UPDATE no action;