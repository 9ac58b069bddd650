ALTER TABLE "items" ADD COLUMN "upload_key" uuid;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "upload_received" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "items_user_upload_key_unique" ON "items" USING btree ("user_id","upload_key");