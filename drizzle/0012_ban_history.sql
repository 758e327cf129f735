CREATE TYPE "public"."ban_history_action" AS ENUM('ban', 'unban');--> statement-breakpoint
CREATE TYPE "public"."ban_target_kind" AS ENUM('wallet', 'ip');--> statement-breakpoint
CREATE TABLE "ban_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_kind" "ban_target_kind" NOT NULL,
	"target" text NOT NULL,
	"action" "ban_history_action" NOT NULL,
	"by" text NOT NULL,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_ip" text
);
--> statement-breakpoint
CREATE INDEX "ban_history_target_at_idx" ON "ban_history" USING btree ("target_kind","target","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "system_events_type_created_at_idx" ON "system_events" USING btree ("event_type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "system_events_unresolved_idx" ON "system_events" USING btree ("severity") WHERE "system_events"."resolved_at" IS NULL AND "system_events"."severity" <> 'other';--> statement-breakpoint
INSERT INTO "ban_history" ("target_kind", "target", "action", "by", "reason", "at") SELECT (CASE WHEN "event_type" LIKE 'wallet_%' THEN 'wallet' ELSE 'ip' END)::"ban_target_kind", COALESCE("details"->>'walletAddress', "details"->>'ipAddress'), (CASE WHEN "event_type" LIKE '%_unbanned' THEN 'unban' ELSE 'ban' END)::"ban_history_action", COALESCE("details"->>'by', 'unknown'), "details"->>'reason', COALESCE(("details"->>'at')::timestamptz, "created_at") FROM "system_events" WHERE "event_type" IN ('wallet_banned', 'wallet_unbanned', 'ip_banned', 'ip_unbanned') AND COALESCE("details"->>'walletAddress', "details"->>'ipAddress') IS NOT NULL;--> statement-breakpoint
INSERT INTO "ban_history" ("target_kind", "target", "action", "by", "reason", "at") SELECT 'wallet'::"ban_target_kind", "wallet_address", 'ban'::"ban_history_action", COALESCE("banned_by", 'unknown'), "reason", "banned_at" FROM "banned_wallets" WHERE NOT EXISTS (SELECT 1 FROM "ban_history" WHERE "target_kind" = 'wallet' AND "target" = "banned_wallets"."wallet_address");--> statement-breakpoint
INSERT INTO "ban_history" ("target_kind", "target", "action", "by", "reason", "at") SELECT 'wallet'::"ban_target_kind", "wallet_address", 'unban'::"ban_history_action", COALESCE("unbanned_by", 'unknown'), "unbanned_reason", "unbanned_at" FROM "banned_wallets" WHERE "is_banned" = false AND "unbanned_at" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "ban_history" WHERE "target_kind" = 'wallet' AND "target" = "banned_wallets"."wallet_address" AND "action" = 'unban');--> statement-breakpoint
INSERT INTO "ban_history" ("target_kind", "target", "action", "by", "reason", "at") SELECT 'ip'::"ban_target_kind", "ip_address", 'ban'::"ban_history_action", COALESCE("banned_by", 'unknown'), "banned_reason", COALESCE("banned_at", "last_seen") FROM "ip_addresses" WHERE "is_banned" = true AND NOT EXISTS (SELECT 1 FROM "ban_history" WHERE "target_kind" = 'ip' AND "target" = "ip_addresses"."ip_address");
