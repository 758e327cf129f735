CREATE TABLE "terms_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"wallet_address" text NOT NULL,
	"ip_address" text,
	"terms_version" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "terms_acceptances_wallet_accepted_at_idx" ON "terms_acceptances" USING btree ("wallet_address","accepted_at" DESC NULLS LAST);