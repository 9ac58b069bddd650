-- Jobs are about a subject, not only an item (issue 32). Every existing job was about an item: generate-listing
-- keeps it as its subject; publish-listing's subject is the item's eBay listing (the only channel so far).
ALTER TABLE "jobs" ALTER COLUMN "item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "subject_type" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "subject_id" text;--> statement-breakpoint
UPDATE "jobs" SET "subject_type" = 'listing', "subject_id" = "item_id"::text || ':ebay' WHERE "kind" = 'publish-listing';--> statement-breakpoint
UPDATE "jobs" SET "subject_type" = 'item', "subject_id" = "item_id"::text WHERE "subject_type" IS NULL;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "subject_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "subject_id" SET NOT NULL;--> statement-breakpoint
-- The old dedupe was a check, not a constraint: should two waiting or running jobs of a subject exist, keep one
-- (a running one first, then the oldest) so the unique index can be built.
DELETE FROM "jobs" WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (
      PARTITION BY "kind", "subject_type", "subject_id" ORDER BY ("status" = 'running') DESC, "created_at", "id"
    ) AS "n"
    FROM "jobs" WHERE "status" IN ('pending', 'running')
  ) AS "ranked" WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_active_subject_idx" ON "jobs" USING btree ("kind","subject_type","subject_id") WHERE status in ('pending', 'running');
