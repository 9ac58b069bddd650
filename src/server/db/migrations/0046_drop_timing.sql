ALTER TABLE "selling_plan_rules" ADD COLUMN "drop_timing" text DEFAULT 'fixed' NOT NULL;
