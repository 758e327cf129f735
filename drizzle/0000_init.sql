CREATE TYPE "public"."game_completion_status" AS ENUM('completed', 'interrupted', 'forfeited', 'cancelled', 'practice_win');--> statement-breakpoint
CREATE TYPE "public"."game_mode" AS ENUM('practice', 'smol_shrimp', 'tiny_tuna', 'mighty_marlin', 'giga_whale');--> statement-breakpoint
CREATE TYPE "public"."game_session_outcome" AS ENUM('player1_win', 'player2_win', 'draw', 'cancelled', 'interrupted');--> statement-breakpoint
CREATE TYPE "public"."game_session_status" AS ENUM('preparing', 'playing', 'paused', 'completed', 'interrupted', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."game_state" AS ENUM('waiting', 'countdown', 'firstServe', 'playing', 'roundEnd', 'gameOver', 'waitingForReconnection');--> statement-breakpoint
CREATE TYPE "public"."payout_job_kind" AS ENUM('winner_payout', 'refund');--> statement-breakpoint
CREATE TYPE "public"."payout_job_status" AS ENUM('pending', 'processing', 'sent', 'confirmed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."queue_status" AS ENUM('active', 'matched', 'cancelled', 'disconnected', 'timed_out', 'error');--> statement-breakpoint
CREATE TYPE "public"."refund_reason" AS ENUM('cancelled_search', 'player_disconnect', 'timeout', 'admin_initiated', 'game_error', 'system_error');--> statement-breakpoint
CREATE TYPE "public"."system_event_severity" AS ENUM('critical', 'error', 'warning', 'other');--> statement-breakpoint
CREATE TYPE "public"."transaction_status" AS ENUM('pending', 'processing', 'confirmed', 'failed', 'redundant');--> statement-breakpoint
CREATE TYPE "public"."transaction_type" AS ENUM('entry_fee', 'refund', 'winner_payout', 'payout', 'commission', 'profit', 'game_record', 'match_played', 'wallet_update', 'transaction_created', 'transaction_notification');--> statement-breakpoint
CREATE TABLE "admin_sessions" (
	"sid" varchar(255) PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'admin' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_login" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "player_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_address" text NOT NULL,
	"game_id" uuid,
	"action" text NOT NULL,
	"details" jsonb,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"session_id" text
);
--> statement-breakpoint
CREATE TABLE "wallet_analytics" (
	"wallet_address" text PRIMARY KEY NOT NULL,
	"total_games" integer DEFAULT 0 NOT NULL,
	"total_wins" integer DEFAULT 0 NOT NULL,
	"total_losses" integer DEFAULT 0 NOT NULL,
	"win_rate" double precision DEFAULT 0 NOT NULL,
	"total_wagered_lamports" bigint DEFAULT 0 NOT NULL,
	"total_won_lamports" bigint DEFAULT 0 NOT NULL,
	"total_lost_lamports" bigint DEFAULT 0 NOT NULL,
	"profit_loss_lamports" bigint DEFAULT 0 NOT NULL,
	"average_game_duration_ms" integer,
	"favorite_mode" "game_mode",
	"longest_win_streak" integer DEFAULT 0 NOT NULL,
	"current_win_streak" integer DEFAULT 0 NOT NULL,
	"risk_score" integer,
	"is_flagged" boolean DEFAULT false NOT NULL,
	"flag_reason" text,
	"first_game_at" timestamp with time zone,
	"last_game_at" timestamp with time zone,
	"unique_ip_count" integer DEFAULT 0 NOT NULL,
	"most_used_ip" text,
	"suspicious_patterns" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_address" text NOT NULL,
	"session_id" text NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"ip_address" text,
	"user_agent" text,
	"games_played" integer DEFAULT 0 NOT NULL,
	"total_wagered_lamports" bigint DEFAULT 0 NOT NULL,
	"total_won_lamports" bigint DEFAULT 0 NOT NULL,
	"total_lost_lamports" bigint DEFAULT 0 NOT NULL,
	"actions" jsonb
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_type" "game_mode" NOT NULL,
	"status" "game_session_status" DEFAULT 'preparing' NOT NULL,
	"outcome" "game_session_outcome",
	"player1_id" text,
	"player2_id" text,
	"player1_wallet" text NOT NULL,
	"player2_wallet" text NOT NULL,
	"score1" integer DEFAULT 0 NOT NULL,
	"score2" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"wager_lamports" bigint DEFAULT 0 NOT NULL,
	"win_lamports" bigint DEFAULT 0 NOT NULL,
	"fee_lamports" bigint DEFAULT 0 NOT NULL,
	"winner_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mode" "game_mode" NOT NULL,
	"state" "game_state" DEFAULT 'waiting' NOT NULL,
	"player1_wallet" text NOT NULL,
	"player2_wallet" text NOT NULL,
	"player1_display_name" text,
	"player2_display_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_ms" integer,
	"winner" text,
	"final_score" text,
	"player1_score" integer,
	"player2_score" integer,
	"completion_status" "game_completion_status",
	"disconnect_count" integer DEFAULT 0 NOT NULL,
	"entry_fee_lamports" bigint DEFAULT 0 NOT NULL,
	"player1_entry_transaction_id" uuid,
	"player1_entry_signature" text,
	"player2_entry_transaction_id" uuid,
	"player2_entry_signature" text,
	"winner_payout_lamports" bigint,
	"winner_payout_transaction_id" uuid,
	"winner_payout_signature" text,
	"player1_refund_lamports" bigint,
	"player1_refund_transaction_id" uuid,
	"player1_refund_signature" text,
	"player2_refund_lamports" bigint,
	"player2_refund_transaction_id" uuid,
	"player2_refund_signature" text,
	"game_state_snapshots" jsonb,
	"ball_hits" integer,
	"rally_count" integer,
	"max_ball_speed" double precision,
	"player1_ip" text,
	"player2_ip" text,
	"player1_user_agent" text,
	"player2_user_agent" text,
	"player1_connection_quality" text,
	"player2_connection_quality" text,
	"server_checksum" text,
	"rng_seed" text,
	"rng_seed_hash" text,
	"recorded_inputs" jsonb,
	"suspicious_activity" boolean DEFAULT false NOT NULL,
	"integrity_score" integer,
	"admin_notes" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auth_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nonce" text NOT NULL,
	"wallet_address" text NOT NULL,
	"domain" text NOT NULL,
	"statement" text,
	"uri" text,
	"version" text,
	"chain_id" text,
	"message" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "auth_challenges_nonce_unique" UNIQUE("nonce")
);
--> statement-breakpoint
CREATE TABLE "player_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"wallet_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "legacy_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"total_wins" integer DEFAULT 0 NOT NULL,
	"best_streak" integer DEFAULT 0 NOT NULL,
	"current_streak" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "legacy_users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" "transaction_type" NOT NULL,
	"wallet_address" text NOT NULL,
	"amount_lamports" bigint NOT NULL,
	"status" "transaction_status" DEFAULT 'confirmed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"transaction_signature" text,
	"game_mode" "game_mode",
	"game_id" uuid,
	"opponent_address" text,
	"score" text,
	"game_duration_ms" integer,
	"game_completion_status" "game_completion_status",
	"refund_percentage" integer,
	"original_transaction_id" uuid,
	"reason" "refund_reason",
	"error_message" text,
	"error_code" text,
	"admin_notes" text,
	"admin_resolution" text,
	"resolution_timestamp" timestamp with time zone,
	"admin_id" uuid,
	"ip_address" text,
	"user_agent" text,
	"support_case_id" text,
	"dispute_amount_lamports" bigint,
	"resolution_status" text,
	"processing_time_ms" integer,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"raw_blockchain_data" jsonb,
	"confirmation_notes" text,
	"game_verified_by_state" boolean DEFAULT false NOT NULL,
	CONSTRAINT "transactions_transaction_signature_unique" UNIQUE("transaction_signature"),
	CONSTRAINT "transactions_amount_not_negative" CHECK ("transactions"."amount_lamports" >= 0),
	CONSTRAINT "transactions_dispute_amount_not_negative" CHECK ("transactions"."dispute_amount_lamports" IS NULL OR "transactions"."dispute_amount_lamports" >= 0),
	CONSTRAINT "transactions_refund_percentage_range" CHECK ("transactions"."refund_percentage" IS NULL OR "transactions"."refund_percentage" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "payout_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "payout_job_kind" NOT NULL,
	"idempotency_key" text NOT NULL,
	"wallet_address" text NOT NULL,
	"amount_lamports" bigint NOT NULL,
	"game_id" uuid,
	"queue_session_id" uuid,
	"transaction_id" uuid,
	"status" "payout_job_status" DEFAULT 'pending' NOT NULL,
	"signature" text,
	"signed_transaction" text,
	"last_valid_block_height" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"locked_by" text,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_jobs_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payout_jobs_signature_unique" UNIQUE("signature"),
	CONSTRAINT "payout_jobs_amount_positive" CHECK ("payout_jobs"."amount_lamports" > 0),
	CONSTRAINT "payout_jobs_owner_present" CHECK (("payout_jobs"."kind" = 'winner_payout' AND "payout_jobs"."game_id" IS NOT NULL) OR ("payout_jobs"."kind" = 'refund' AND ("payout_jobs"."game_id" IS NOT NULL OR "payout_jobs"."queue_session_id" IS NOT NULL))),
	CONSTRAINT "payout_jobs_signature_has_bytes" CHECK ("payout_jobs"."signature" IS NULL OR ("payout_jobs"."signed_transaction" IS NOT NULL AND "payout_jobs"."last_valid_block_height" IS NOT NULL)),
	CONSTRAINT "payout_jobs_sent_has_signature" CHECK ("payout_jobs"."status" NOT IN ('sent', 'confirmed') OR "payout_jobs"."signature" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "queue_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" text,
	"wallet_address" text NOT NULL,
	"display_name" text,
	"game_mode" "game_mode" NOT NULL,
	"status" "queue_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"time_in_queue_ms" integer,
	"transaction_id" uuid,
	"resulting_game_id" uuid,
	"ip_address" text,
	"user_agent" text,
	"metadata" jsonb,
	"sequence_number" serial NOT NULL,
	CONSTRAINT "queue_sessions_transaction_id_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
CREATE TABLE "banned_wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_address" text NOT NULL,
	"is_banned" boolean DEFAULT true NOT NULL,
	"banned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"banned_by" text,
	"reason" text,
	"ip_address_at_ban" text,
	"unbanned_at" timestamp with time zone,
	"unbanned_by" text,
	"unbanned_reason" text,
	"evidence" jsonb,
	CONSTRAINT "banned_wallets_wallet_address_unique" UNIQUE("wallet_address")
);
--> statement-breakpoint
CREATE TABLE "flagged_wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_address" text NOT NULL,
	"flagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"flagged_by" text,
	"reason" text,
	"severity" text DEFAULT 'medium' NOT NULL,
	"evidence" jsonb,
	"is_active" boolean DEFAULT true NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution_notes" text,
	CONSTRAINT "flagged_wallets_wallet_address_unique" UNIQUE("wallet_address")
);
--> statement-breakpoint
CREATE TABLE "ip_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ip_address" text NOT NULL,
	"country" text,
	"region" text,
	"city" text,
	"isp" text,
	"is_vpn" boolean DEFAULT false NOT NULL,
	"is_proxy" boolean DEFAULT false NOT NULL,
	"is_tor" boolean DEFAULT false NOT NULL,
	"risk_score" integer,
	"total_connections" integer DEFAULT 0 NOT NULL,
	"request_count" integer DEFAULT 0 NOT NULL,
	"is_banned" boolean DEFAULT false NOT NULL,
	"banned_reason" text,
	"banned_by" text,
	"banned_at" timestamp with time zone,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ip_addresses_ip_address_unique" UNIQUE("ip_address")
);
--> statement-breakpoint
CREATE TABLE "system_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"severity" "system_event_severity" NOT NULL,
	"event_type" text NOT NULL,
	"message" text NOT NULL,
	"details" jsonb,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution_notes" text
);
--> statement-breakpoint
CREATE TABLE "wallet_ip_associations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_address" text NOT NULL,
	"ip_address" text NOT NULL,
	"first_seen_together" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_together" timestamp with time zone DEFAULT now() NOT NULL,
	"connection_count" integer DEFAULT 1 NOT NULL,
	"total_games_played" integer DEFAULT 0 NOT NULL,
	"is_suspicious" boolean DEFAULT false NOT NULL,
	"notes" text,
	CONSTRAINT "wallet_ip_associations_pair_unique" UNIQUE("wallet_address","ip_address")
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_original_transaction_id_transactions_id_fk" FOREIGN KEY ("original_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_jobs" ADD CONSTRAINT "payout_jobs_queue_session_id_queue_sessions_id_fk" FOREIGN KEY ("queue_session_id") REFERENCES "public"."queue_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_jobs" ADD CONSTRAINT "payout_jobs_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_sessions" ADD CONSTRAINT "queue_sessions_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_sessions_expire_idx" ON "admin_sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "player_actions_wallet_timestamp_idx" ON "player_actions" USING btree ("wallet_address","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "player_actions_game_id_idx" ON "player_actions" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "wallet_sessions_wallet_start_idx" ON "wallet_sessions" USING btree ("wallet_address","start_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallet_sessions_session_id_idx" ON "wallet_sessions" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "game_sessions_status_idx" ON "game_sessions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "game_sessions_player1_wallet_idx" ON "game_sessions" USING btree ("player1_wallet");--> statement-breakpoint
CREATE INDEX "game_sessions_player2_wallet_idx" ON "game_sessions" USING btree ("player2_wallet");--> statement-breakpoint
CREATE INDEX "games_player1_created_at_idx" ON "games" USING btree ("player1_wallet","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "games_player2_created_at_idx" ON "games" USING btree ("player2_wallet","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "games_created_at_idx" ON "games" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auth_challenges_expires_at_idx" ON "auth_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "player_sessions_wallet_idx" ON "player_sessions" USING btree ("wallet_address");--> statement-breakpoint
CREATE INDEX "player_sessions_expires_at_idx" ON "player_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "transactions_wallet_created_at_idx" ON "transactions" USING btree ("wallet_address","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_game_id_idx" ON "transactions" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "transactions_type_status_idx" ON "transactions" USING btree ("type","status");--> statement-breakpoint
CREATE INDEX "transactions_created_at_idx" ON "transactions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payout_jobs_status_next_attempt_idx" ON "payout_jobs" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "payout_jobs_wallet_idx" ON "payout_jobs" USING btree ("wallet_address");--> statement-breakpoint
CREATE INDEX "payout_jobs_game_id_idx" ON "payout_jobs" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "queue_sessions_wallet_status_idx" ON "queue_sessions" USING btree ("wallet_address","status");--> statement-breakpoint
CREATE INDEX "queue_sessions_status_mode_sequence_idx" ON "queue_sessions" USING btree ("status","game_mode","sequence_number");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_sessions_one_active_per_wallet" ON "queue_sessions" USING btree ("wallet_address") WHERE "queue_sessions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "system_events_created_at_idx" ON "system_events" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "system_events_severity_created_at_idx" ON "system_events" USING btree ("severity","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallet_ip_associations_ip_idx" ON "wallet_ip_associations" USING btree ("ip_address");