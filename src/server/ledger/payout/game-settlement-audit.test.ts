import { generateKeyPairSigner } from '@solana/kit';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { confirmDuePayouts, payEntryFee, playGame } from '../../../../test/support/admin-fixtures.ts';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { SOL } from '../../../../test/support/money.ts';
import { getGameMode } from '../../../common/game-modes.ts';
import { games, payoutJobs } from '../../db/schema/index.ts';
import { owePayment } from './owe-payment.ts';
import { runUntilConfirmed, transfersFromHouse } from './test-support/payout-fixtures.ts';
import { usePayoutTestBed } from './test-support/payout-test-bed.ts';

const TUNA = getGameMode('tiny_tuna');

describeEachDatabase(
  'a confirmed payout or refund is written into the game audit row, with its signature, once the chain confirms it',
  (target) => {
    const bed = usePayoutTestBed(target, 10n * SOL);
    const gameRow = async (id: string) => {
      const [row] = await target.db.select().from(games).where(eq(games.id, id));
      if (!row) throw new Error(`no game ${id}`);
      return row;
    };

    it('the winner payout: paid on the local chain by the worker, its signature and ledger row land on the game once confirmed', async () => {
      const [winner, loser] = [await generateKeyPairSigner(), await generateKeyPairSigner()];
      const { gameId } = await playGame(target.db, bed.server.clock, {
        winner: winner.address,
        loser: loser.address,
        mode: 'tiny_tuna',
        winnerSeat: 1,
      });
      const [job] = await target.db
        .select()
        .from(payoutJobs)
        .where(and(eq(payoutJobs.gameId, gameId), eq(payoutJobs.kind, 'winner_payout')));
      if (!job) throw new Error('no payout owed');
      // Owed, not yet paid: no signature on the game.
      expect(await gameRow(gameId)).toMatchObject({
        winnerPayoutSignature: null,
        winnerPayoutTransactionId: null,
      });

      const worker = bed.worker();
      await worker.runOnce();
      const sent = await gameRow(gameId);
      // Signed and sent is not paid: the game shows the signature only once the chain confirms it.
      expect(sent.winnerPayoutSignature).toBeNull();

      const confirmed = await runUntilConfirmed(worker, bed.server, target.db, job.id);
      const onChain = await transfersFromHouse(bed.server, bed.house.address, winner.address);
      expect(onChain).toEqual([{ signature: confirmed.signature, lamports: TUNA.winLamports }]);
      expect(await gameRow(gameId)).toMatchObject({
        winner: winner.address,
        winnerPayoutLamports: TUNA.winLamports,
        winnerPayoutSignature: confirmed.signature,
        winnerPayoutTransactionId: job.transactionId,
        player1RefundSignature: null,
        player2RefundSignature: null,
      });
    });

    it("a refund owed by a game lands in the refunded player's own seat at the confirm step", async () => {
      const clock = bed.server.clock;
      const [winner, loser] = [await generateKeyPairSigner(), await generateKeyPairSigner()];
      const { gameId } = await playGame(target.db, clock, {
        winner: winner.address,
        loser: loser.address,
        mode: 'practice',
      });
      // A game's refund as the money side owes it (recoverOrphans with the game's id), for player 2.
      const entry = await payEntryFee(target.db, clock, loser.address, 'smol_shrimp');
      const owed = await target.db.transaction((tx) =>
        owePayment(
          tx,
          {
            kind: 'refund',
            walletAddress: loser.address,
            amountLamports: entry.lamports,
            reason: 'game_error',
            refundPercentage: 100,
            entryTransactionId: entry.transactionId,
            gameId,
          },
          new Date(clock.now()),
        ),
      );
      const signatures = await confirmDuePayouts(target.db, clock);
      expect(await gameRow(gameId)).toMatchObject({
        player1RefundSignature: null,
        player1RefundLamports: null,
        player2RefundLamports: entry.lamports,
        player2RefundTransactionId: owed.transactionId,
        player2RefundSignature: signatures.get(owed.jobId),
        winnerPayoutSignature: null,
      });
    });
  },
);
