-- Imports of what a seller already has live on eBay (issue 33, decision 047): one row per import with its progress
-- and what eBay would not migrate. May run again and changes nothing the second time.
CREATE TABLE IF NOT EXISTS "ebay_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"listing_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"migrated_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total" integer,
	"done" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"already_here" integer DEFAULT 0 NOT NULL,
	"refusals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "ebay_imports" ADD CONSTRAINT "ebay_imports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ebay_imports_user_created_idx" ON "ebay_imports" USING btree ("user_id","created_at");
