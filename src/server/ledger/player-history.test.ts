import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase, uniqueSignature, uniqueWallet } from '../../../test/support/database-bed.ts';
import { games, transactions } from '../db/schema/index.ts';
import { owePayment } from './payout/owe-payment.ts';
import { playerHistory } from './player-history.ts';

describeEachDatabase('player history', (target) => {
  it('shows the entry (wager), the game record (win) and the payout, newest first, with SPEC’s notes', async () => {
    const db = target.db;
    const [me, them] = [uniqueWallet(), uniqueWallet()];
    const gameId = randomUUID();
    const t0 = new Date('2026-11-22T10:00:00Z');
    const [entry] = await db
      .insert(transactions)
      .values({
        type: 'entry_fee',
        walletAddress: me,
        amountLamports: 100_000_000n,
        gameMode: 'tiny_tuna',
        transactionSignature: uniqueSignature(),
        createdAt: t0,
      })
      .returning();
    await db.insert(games).values({
      id: gameId,
      mode: 'tiny_tuna',
      player1Wallet: me,
      player2Wallet: them,
      createdAt: new Date(t0.getTime() + 1000),
      startedAt: new Date(t0.getTime() + 1000),
      endedAt: new Date(t0.getTime() + 121_000),
      durationMs: 120_000,
      winner: me,
      finalScore: '11-7',
      completionStatus: 'completed',
      winnerPayoutLamports: 150_000_000n,
      serverChecksum: 'ab'.repeat(32),
    });
    await owePayment(
      db,
      {
        kind: 'winner_payout',
        walletAddress: me,
        amountLamports: 150_000_000n,
        gameId,
        gameMode: 'tiny_tuna',
      },
      new Date(t0.getTime() + 122_000),
    );

    const page = await playerHistory(db, me, { limit: 10 });
    expect(page.transactions.map((r) => r.perspective_type)).toEqual(['payout', 'game_win', 'wager']);
    const [payout, record, wager] = page.transactions;
    expect(payout).toMatchObject({ type: 'winner_payout', amount: 0.15, status: 'pending', game_id: gameId });
    expect(payout!.admin_notes).toBe('Winner - Payout: 0.15');
    expect(record).toMatchObject({
      type: 'game_record',
      opponent_address: them,
      score: '11-7',
      final_score: '11-7',
      player_won: true,
      game_outcome: 'win',
      game_duration: 120,
      game_verified_by_state: true,
    });
    expect(wager).toMatchObject({ id: entry!.id, type: 'entry_fee', amount: 0.1 });
    expect(page.nextCursor).toBeNull();

    const loser = await playerHistory(db, them, { limit: 10 });
    expect(loser.transactions).toHaveLength(1);
    expect(loser.transactions[0]).toMatchObject({
      perspective_type: 'game_loss',
      admin_notes: 'Loser - Payout: 0',
      // From the player's own side, as its game-over screen showed it: own score first.
      score: '7-11',
      final_score: '7-11',
    });
  });

  it('pages with a cursor and never mixes wallets', async () => {
    const db = target.db;
    const me = uniqueWallet();
    for (let i = 0; i < 5; i++) {
      await db.insert(transactions).values({
        type: 'entry_fee',
        walletAddress: me,
        amountLamports: 25_000_000n,
        transactionSignature: uniqueSignature(),
        createdAt: new Date(Date.UTC(2026, 10, 22, 10, i)),
      });
    }
    await db.insert(transactions).values({
      type: 'entry_fee',
      walletAddress: uniqueWallet(),
      amountLamports: 1n,
      transactionSignature: uniqueSignature(),
    });
    const first = await playerHistory(db, me, { limit: 3 });
    expect(first.transactions).toHaveLength(3);
    expect(first.nextCursor).not.toBeNull();
    const second = await playerHistory(db, me, { limit: 3, before: new Date(first.nextCursor!) });
    expect(second.transactions).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const all = [...first.transactions, ...second.transactions];
    expect(new Set(all.map((r) => r.id)).size).toBe(5);
    expect(all.every((r) => r.wallet_address === me)).toBe(true);
  });
});
