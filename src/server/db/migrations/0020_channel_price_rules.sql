CREATE TABLE "channel_price_rules" (
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"percent" numeric(6, 2) DEFAULT 0 NOT NULL,
	"rounding" text DEFAULT 'none' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_price_rules_user_id_channel_pk" PRIMARY KEY("user_id","channel")
);
--> statement-breakpoint
ALTER TABLE "channel_price_rules" ADD CONSTRAINT "channel_price_rules_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;