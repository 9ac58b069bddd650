CREATE TABLE "provider_pacing" (
	"key" text PRIMARY KEY NOT NULL,
	"spacing_ms" double precision DEFAULT 0 NOT NULL,
	"next_at" bigint DEFAULT 0 NOT NULL,
	"blocked_until" bigint DEFAULT 0 NOT NULL,
	"remaining" integer,
	"reset_at" bigint DEFAULT 0 NOT NULL,
	"started_since_answer" integer DEFAULT 0 NOT NULL
);
