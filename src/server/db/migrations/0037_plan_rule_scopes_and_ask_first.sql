ALTER TABLE "ebay_offer_rules" ADD COLUMN "ask_first" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "selling_plan_actions" ADD COLUMN "rule_scope" text;