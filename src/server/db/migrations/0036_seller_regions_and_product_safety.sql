CREATE TABLE "brand_safety_contacts" (
	"user_id" text NOT NULL,
	"brand_key" text NOT NULL,
	"brand" text NOT NULL,
	"manufacturer" jsonb NOT NULL,
	"responsible_person" jsonb NOT NULL,
	"safety_statements" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_safety_contacts_user_id_brand_key_pk" PRIMARY KEY("user_id","brand_key")
);
--> statement-breakpoint
CREATE TABLE "seller_regions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_safety_contacts" ADD CONSTRAINT "brand_safety_contacts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_regions" ADD CONSTRAINT "seller_regions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;