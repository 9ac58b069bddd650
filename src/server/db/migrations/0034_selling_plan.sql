CREATE TABLE "selling_plan_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"item_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"step" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"from_price_minor" bigint NOT NULL,
	"price_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"floor_minor" bigint,
	"profit_minor" bigint,
	"stopped_at_floor" boolean DEFAULT false NOT NULL,
	"decision" text DEFAULT 'pending' NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'planned' NOT NULL,
	"message" text,
	"listing_before" text,
	"listing_after" text,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selling_plan_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"scope" text NOT NULL,
	"item_id" uuid,
	"enabled" boolean DEFAULT true NOT NULL,
	"drop_steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"relist_after_days" integer,
	"automatic" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "selling_plan_actions" ADD CONSTRAINT "selling_plan_actions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selling_plan_actions" ADD CONSTRAINT "selling_plan_actions_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selling_plan_rules" ADD CONSTRAINT "selling_plan_rules_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selling_plan_rules" ADD CONSTRAINT "selling_plan_rules_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "selling_plan_actions_step" ON "selling_plan_actions" USING btree ("item_id","channel","kind","step","period_start");--> statement-breakpoint
CREATE INDEX "selling_plan_actions_user_state" ON "selling_plan_actions" USING btree ("user_id","state","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "selling_plan_rules_user_scope" ON "selling_plan_rules" USING btree ("user_id","scope");