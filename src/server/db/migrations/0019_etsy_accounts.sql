CREATE TABLE "etsy_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"etsy_user_id" text NOT NULL,
	"shop_id" text,
	"shop_name" text,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"key_version" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"scopes" text NOT NULL,
	"shipping_profile_id" text,
	"return_policy_id" text,
	"processing_profile_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "etsy_oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "etsy_accounts" ADD CONSTRAINT "etsy_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etsy_oauth_states" ADD CONSTRAINT "etsy_oauth_states_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;