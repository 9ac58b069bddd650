CREATE TABLE "writing_holds" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"questions" jsonb NOT NULL,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "writing_holds" ADD CONSTRAINT "writing_holds_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "writing_holds" ADD CONSTRAINT "writing_holds_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "writing_holds_user" ON "writing_holds" USING btree ("user_id");