ALTER TABLE "items" ADD COLUMN "past_sale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The past sales imported before: a spreadsheet's rows (their sale's order id is "import:<key>"), and a marketplace's
-- old orders (an item with no photo, sold, whose listings are all sold and none has a marketplace id).
UPDATE "items" SET "past_sale" = true
WHERE EXISTS (SELECT 1 FROM "sales" s WHERE s."item_id" = "items"."id" AND s."user_id" = "items"."user_id" AND s."external_order_id" LIKE 'import:%')
  OR ("items"."photo_count" = 0
    AND EXISTS (SELECT 1 FROM "sales" s WHERE s."item_id" = "items"."id" AND s."user_id" = "items"."user_id")
    AND EXISTS (SELECT 1 FROM "channel_listings" cl WHERE cl."item_id" = "items"."id" AND cl."user_id" = "items"."user_id")
    AND NOT EXISTS (SELECT 1 FROM "channel_listings" cl WHERE cl."item_id" = "items"."id" AND cl."user_id" = "items"."user_id"
      AND (cl."external_id" IS NOT NULL OR cl."status" <> 'sold'))
    AND NOT EXISTS (SELECT 1 FROM "item_images" im WHERE im."item_id" = "items"."id"));
--> statement-breakpoint
-- A seller whose last batch number went to an import gets it back: their next product follows their last real batch.
UPDATE "user_counters" uc SET "next_batch" = coalesce((SELECT max(i."batch_number") FROM "items" i WHERE i."user_id" = uc."user_id" AND NOT i."past_sale"), 0) + 1
WHERE uc."next_batch" - 1 = (SELECT max(i."batch_number") FROM "items" i WHERE i."user_id" = uc."user_id" AND i."past_sale")
  AND NOT EXISTS (SELECT 1 FROM "items" i WHERE i."user_id" = uc."user_id" AND NOT i."past_sale" AND i."batch_number" >= uc."next_batch" - 1);
--> statement-breakpoint
UPDATE "items" SET "batch_number" = 0 WHERE "past_sale";
