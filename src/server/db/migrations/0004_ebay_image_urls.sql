ALTER TABLE "item_images" ADD COLUMN "ebay_image_url" text;--> statement-breakpoint
ALTER TABLE "item_images" ADD COLUMN "ebay_image_expires_at" timestamp with time zone;