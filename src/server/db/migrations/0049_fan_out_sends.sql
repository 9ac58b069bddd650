CREATE TABLE "fan_out_sends" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"run_key" text NOT NULL,
	"recipient" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_out_sends_user_id_kind_run_key_recipient_pk" PRIMARY KEY("user_id","kind","run_key","recipient")
);
--> statement-breakpoint
ALTER TABLE "fan_out_sends" ADD CONSTRAINT "fan_out_sends_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_out_sends_open" ON "fan_out_sends" USING btree ("state","kind");