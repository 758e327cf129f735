ALTER TABLE "queue_sessions" ADD COLUMN "challenge_code" text;--> statement-breakpoint
ALTER TABLE "queue_sessions" ADD COLUMN "challenge_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_sessions_challenge_code" ON "queue_sessions" USING btree ("challenge_code");