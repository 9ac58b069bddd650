CREATE TABLE "selling_plan_offer_notices" (
	"user_id" text NOT NULL,
	"item_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"round" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"told_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "selling_plan_offer_notices_item_id_channel_round_period_start_pk" PRIMARY KEY("item_id","channel","round","period_start")
);
--> statement-breakpoint
ALTER TABLE "selling_plan_offer_notices" ADD CONSTRAINT "selling_plan_offer_notices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selling_plan_offer_notices" ADD CONSTRAINT "selling_plan_offer_notices_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "selling_plan_offer_notices_user" ON "selling_plan_offer_notices" USING btree ("user_id");