-- A live listing's revise, end or relist carried out by a job (issue 33, decision 046): the change asked for and
-- when. May run again and changes nothing the second time.
ALTER TABLE "channel_listings" ADD COLUMN IF NOT EXISTS "pending_change" text;--> statement-breakpoint
ALTER TABLE "channel_listings" ADD COLUMN IF NOT EXISTS "change_requested_at" timestamp with time zone;
