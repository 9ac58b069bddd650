CREATE TABLE "oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"code_verifier" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_states_user_channel_idx" ON "oauth_states" USING btree ("user_id","channel");--> statement-breakpoint
-- eBay and Etsy move onto channel_accounts (issue 43, decision 079). The tokens are copied as they are: still sealed
-- under the key their key version names, so they decrypt as before. What only that channel keeps goes into data.
INSERT INTO "channel_accounts" ("user_id", "channel", "account_ref", "label", "access_token", "refresh_token", "key_version", "scopes", "access_expires_at", "refresh_expires_at", "data", "created_at", "updated_at")
SELECT "user_id", 'ebay', "ebay_user_id", "ebay_username", "access_token_enc", "refresh_token_enc", "token_key_version", coalesce("scopes", ''), "token_expires_at", "refresh_token_expires_at",
	jsonb_strip_nulls(jsonb_build_object(
		'isSandbox', "is_sandbox",
		'marketplaceId', "marketplace_id",
		'paymentPolicyId', "default_payment_policy_id",
		'fulfillmentPolicyId', "default_fulfillment_policy_id",
		'returnPolicyId', "default_return_policy_id")),
	"created_at", "updated_at"
FROM "ebay_credentials"
ON CONFLICT ("user_id", "channel") DO NOTHING;--> statement-breakpoint
INSERT INTO "channel_accounts" ("user_id", "channel", "account_ref", "label", "access_token", "refresh_token", "key_version", "scopes", "access_expires_at", "refresh_expires_at", "data", "created_at", "updated_at")
SELECT "user_id", 'etsy', coalesce("shop_id", "etsy_user_id"), "shop_name", "access_token", "refresh_token", "key_version", "scopes", "access_expires_at", "refresh_expires_at",
	jsonb_strip_nulls(jsonb_build_object(
		'etsyUserId', "etsy_user_id",
		'shopId', "shop_id",
		'shippingProfileId', "shipping_profile_id",
		'returnPolicyId', "return_policy_id",
		'processingProfileId', "processing_profile_id")),
	"created_at", "updated_at"
FROM "etsy_accounts"
ON CONFLICT ("user_id", "channel") DO NOTHING;--> statement-breakpoint
-- A consent round trip under way keeps working across the upgrade.
INSERT INTO "oauth_states" ("state", "user_id", "channel", "data", "expires_at", "used_at", "created_at")
SELECT "state", "user_id", 'ebay', jsonb_build_object('isSandbox', "is_sandbox"), "expires_at", "used_at", "created_at"
FROM "ebay_oauth_states" WHERE "used_at" IS NULL AND "expires_at" > now();--> statement-breakpoint
INSERT INTO "oauth_states" ("state", "user_id", "channel", "code_verifier", "expires_at", "used_at", "created_at")
SELECT "state", "user_id", 'etsy', "code_verifier", "expires_at", "used_at", "created_at"
FROM "etsy_oauth_states" WHERE "used_at" IS NULL AND "expires_at" > now();--> statement-breakpoint
DROP TABLE "ebay_credentials" CASCADE;--> statement-breakpoint
DROP TABLE "ebay_oauth_states" CASCADE;--> statement-breakpoint
DROP TABLE "etsy_accounts" CASCADE;--> statement-breakpoint
DROP TABLE "etsy_oauth_states" CASCADE;
