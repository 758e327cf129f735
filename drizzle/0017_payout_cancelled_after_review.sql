-- A winner payout cancelled after review (the loser's entry refunded instead) was never paid: the game row
-- no longer says it was owed to the winner. Its amount stays on the ledger row, marked redundant.
UPDATE "games" SET "winner_payout_lamports" = NULL
WHERE "winner_payout_signature" IS NULL
  AND "id" IN (
    SELECT "game_id" FROM "transactions"
    WHERE "type" = 'winner_payout' AND "status" = 'redundant'
      AND "resolution_status" = 'cancelled_loser_refunded'
  );
