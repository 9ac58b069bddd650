-- The event stream follows each user's channel listings by updated_at (issue 32, decision 043), as it follows items
-- with items_user_updated_idx (0002). May run again and changes nothing the second time.
CREATE INDEX IF NOT EXISTS "channel_listings_user_updated_idx" ON "channel_listings" USING btree ("user_id","updated_at");
