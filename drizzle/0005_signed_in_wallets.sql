CREATE TABLE "signed_in_wallets" (
	"wallet_address" text PRIMARY KEY NOT NULL,
	"first_signed_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_signed_in_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Wallets known to have signed in before this table existed: a live session, an accepted terms version (written
-- at sign-in), or an entry fee (only a signed-in session's wallet can present one).
INSERT INTO "signed_in_wallets" ("wallet_address", "first_signed_in_at", "last_signed_in_at")
SELECT "wallet_address", min("at"), max("at") FROM (
	SELECT "wallet_address", "created_at" AS "at" FROM "player_sessions"
	UNION ALL SELECT "wallet_address", "accepted_at" FROM "terms_acceptances"
	UNION ALL SELECT "wallet_address", "created_at" FROM "transactions" WHERE "type" = 'entry_fee'
) AS "seen"
GROUP BY "wallet_address"
ON CONFLICT DO NOTHING;
