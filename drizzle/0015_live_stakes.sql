DROP INDEX "queue_sessions_one_active_per_wallet";--> statement-breakpoint
ALTER TABLE "queue_sessions" ADD COLUMN "away_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queue_sessions" ADD COLUMN "in_play" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_sessions_one_live_stake_per_wallet" ON "queue_sessions" USING btree ("wallet_address") WHERE "queue_sessions"."status" = 'active' or ("queue_sessions"."status" = 'matched' and "queue_sessions"."in_play");