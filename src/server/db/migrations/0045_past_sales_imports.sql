CREATE TABLE "past_sales_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"phase" text DEFAULT 'reading' NOT NULL,
	"lines" integer,
	"fees_read" integer DEFAULT 0 NOT NULL,
	"fee_orders" integer DEFAULT 0 NOT NULL,
	"order_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"already_here" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "past_sales_imports" ADD CONSTRAINT "past_sales_imports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "past_sales_imports_user_created_idx" ON "past_sales_imports" USING btree ("user_id","created_at");