-- No job was ever queued without an item; a hand-made one would block the NOT NULL.
DELETE FROM "jobs" WHERE "item_id" IS NULL;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "item_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lease_owner" text;