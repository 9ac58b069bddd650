CREATE TABLE "depop_likes" (
	"user_id" text NOT NULL,
	"item_id" uuid NOT NULL,
	"liker_id" text NOT NULL,
	"liked_at" timestamp with time zone NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_price_minor" bigint,
	"offer_currency" text,
	CONSTRAINT "depop_likes_item_id_liker_id_pk" PRIMARY KEY("item_id","liker_id")
);
--> statement-breakpoint
CREATE TABLE "depop_offer_rules" (
	"user_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"percent_off" integer DEFAULT 10 NOT NULL,
	"ask_first" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "depop_likes" ADD CONSTRAINT "depop_likes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "depop_likes" ADD CONSTRAINT "depop_likes_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "depop_offer_rules" ADD CONSTRAINT "depop_offer_rules_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "depop_likes_user" ON "depop_likes" USING btree ("user_id","item_id");