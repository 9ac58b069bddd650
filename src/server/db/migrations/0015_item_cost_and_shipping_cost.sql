-- What an item cost the seller and what the seller paid to send each sale (issue 33, decision 048): both optional,
-- null while not entered. May run again and changes nothing the second time.
ALTER TABLE "items" ADD COLUMN IF NOT EXISTS "cost" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN IF NOT EXISTS "shipping_cost" numeric(12, 2);
