ALTER TABLE "ebay_credentials" ADD COLUMN "token_key_version" text DEFAULT 'v0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ebay_inventory_locations" ADD COLUMN "address_line1" text;