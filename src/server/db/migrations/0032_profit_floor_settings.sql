CREATE TABLE "profit_floor_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"shipping_cost_minor" bigint DEFAULT 0 NOT NULL,
	"margin_kind" text DEFAULT 'amount' NOT NULL,
	"margin_amount_minor" bigint DEFAULT 0 NOT NULL,
	"margin_basis_points" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profit_floor_settings" ADD CONSTRAINT "profit_floor_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
