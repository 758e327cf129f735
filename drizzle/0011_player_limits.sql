CREATE TABLE "player_limit_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_address" text NOT NULL,
	"kind" text NOT NULL,
	"lamports" bigint,
	"excluded_until" timestamp with time zone,
	"requested_at" timestamp with time zone NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	CONSTRAINT "player_limit_changes_kind" CHECK ("player_limit_changes"."kind" in ('self_exclusion', 'daily_loss_limit', 'weekly_loss_limit'))
);
--> statement-breakpoint
CREATE TABLE "player_limits" (
	"wallet_address" text PRIMARY KEY NOT NULL,
	"excluded_from" timestamp with time zone,
	"excluded_until" timestamp with time zone,
	"daily_loss_limit_lamports" bigint,
	"daily_pending_lamports" bigint,
	"daily_pending_from" timestamp with time zone,
	"weekly_loss_limit_lamports" bigint,
	"weekly_pending_lamports" bigint,
	"weekly_pending_from" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_limits_positive" CHECK (coalesce("player_limits"."daily_loss_limit_lamports", 1) > 0 and coalesce("player_limits"."daily_pending_lamports", 1) > 0
        and coalesce("player_limits"."weekly_loss_limit_lamports", 1) > 0 and coalesce("player_limits"."weekly_pending_lamports", 1) > 0)
);
--> statement-breakpoint
CREATE INDEX "player_limit_changes_wallet_idx" ON "player_limit_changes" USING btree ("wallet_address","requested_at" DESC NULLS LAST);