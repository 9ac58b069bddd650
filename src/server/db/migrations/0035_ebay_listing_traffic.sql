CREATE TABLE "ebay_listing_traffic" (
	"user_id" text NOT NULL,
	"listing_id" text NOT NULL,
	"day" text NOT NULL,
	"reported" boolean NOT NULL,
	"views" integer,
	"impressions" integer,
	"click_through_rate" double precision,
	CONSTRAINT "ebay_listing_traffic_user_id_listing_id_day_pk" PRIMARY KEY("user_id","listing_id","day")
);
--> statement-breakpoint
ALTER TABLE "ebay_listing_traffic" ADD CONSTRAINT "ebay_listing_traffic_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;