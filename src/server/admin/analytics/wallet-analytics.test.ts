import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  confirmDuePayouts,
  HOUSE,
  newWallet,
  payEntryFee,
  playGame,
} from '../../../../test/support/admin-fixtures.ts';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { createFakeClock } from '../../../common/clock.ts';
import { getGameMode } from '../../../common/game-modes.ts';
import { walletAnalytics, walletIpAssociations } from '../../db/schema/index.ts';
import { createDrizzleMatchmaker } from '../../game/test-support/drizzle-matchmaker.ts';
import { createMatchMoney } from '../../ledger/match-money.ts';
import { walletDetail } from '../queries/wallet-detail.ts';
import { readWalletAnalytics } from './wallet-analytics-view.ts';

const TUNA = getGameMode('tiny_tuna');

describeEachDatabase('wallet analytics kept current', (target) => {
  const clock = createFakeClock();
  const stored = async (wallet: string) => {
    const [row] = await target.db
      .select()
      .from(walletAnalytics)
      .where(eq(walletAnalytics.walletAddress, wallet));
    return row;
  };

  it('after a run of wins and losses: counts, win rate, streaks, and P&L in lamports once payouts confirm', async () => {
    const [me, rival] = [await newWallet(), await newWallet()];
    // W W L W W W, sitting in either seat.
    const results = ['W', 'W', 'L', 'W', 'W', 'W'] as const;
    for (const [i, r] of results.entries()) {
      const [winner, loser] = r === 'W' ? [me, rival] : [rival, me];
      await playGame(target.db, clock, {
        winner,
        loser,
        mode: 'tiny_tuna',
        durationMs: 60_000 + i * 1_000,
        winnerSeat: i % 2 === 0 ? 0 : 1,
      });
      clock.advance(5_000);
    }

    // The result is recorded, the payouts are still owed: no money has come back yet.
    expect(await stored(me)).toMatchObject({
      totalGames: 6,
      totalWins: 5,
      totalLosses: 1,
      longestWinStreak: 3,
      currentWinStreak: 3,
      totalWageredLamports: 6n * TUNA.wagerLamports,
      totalWonLamports: 0n,
      totalLostLamports: TUNA.wagerLamports,
      profitLossLamports: -6n * TUNA.wagerLamports,
    });

    await confirmDuePayouts(target.db, clock);
    const row = await stored(me);
    expect(row).toMatchObject({
      totalGames: 6,
      totalWins: 5,
      totalLosses: 1,
      longestWinStreak: 3,
      currentWinStreak: 3,
      totalWageredLamports: 600_000_000n,
      totalWonLamports: 5n * TUNA.winLamports,
      totalLostLamports: 100_000_000n,
      // 5 × 0.15 − 6 × 0.1 SOL
      profitLossLamports: 150_000_000n,
      averageGameDurationMs: 62_500,
      favoriteMode: 'tiny_tuna',
    });
    expect(row?.winRate).toBeCloseTo(5 / 6, 10);
    expect(await stored(rival)).toMatchObject({
      totalWins: 1,
      totalLosses: 5,
      longestWinStreak: 1,
      currentWinStreak: 0,
      totalWonLamports: TUNA.winLamports,
      profitLossLamports: TUNA.winLamports - 6n * TUNA.wagerLamports,
    });

    // A loss ends the current streak; the longest stays.
    await playGame(target.db, clock, { winner: rival, loser: me, mode: 'tiny_tuna' });
    expect(await stored(me)).toMatchObject({ totalGames: 7, currentWinStreak: 0, longestWinStreak: 3 });
  });

  it('first and last game, and the favourite mode (ties go to the mode played last); practice counts as games, not money', async () => {
    const [me, rival] = [await newWallet(), await newWallet()];
    const first = clock.now();
    await playGame(target.db, clock, { winner: me, loser: rival, mode: 'practice' });
    await playGame(target.db, clock, { winner: rival, loser: me, mode: 'smol_shrimp' });
    const lastStart = clock.now();
    await playGame(target.db, clock, { winner: me, loser: rival, mode: 'practice', durationMs: 30_000 });
    await confirmDuePayouts(target.db, clock);

    const view = await readWalletAnalytics(target.db, me);
    expect(view).toMatchObject({
      totalGames: 3,
      totalWins: 2,
      totalLosses: 1,
      favoriteMode: 'practice',
      totalWageredLamports: '25000000',
      totalWagered: 0.025,
      profitLossLamports: '-25000000',
      profitLoss: -0.025,
      firstGameAt: new Date(first).toISOString(),
      lastGameAt: new Date(lastStart).toISOString(),
      currentWinStreak: 1,
    });
    await playGame(target.db, clock, { winner: rival, loser: me, mode: 'smol_shrimp' });
    // 2 practice, 2 smol_shrimp: smol_shrimp was played last.
    expect((await readWalletAnalytics(target.db, me))?.favoriteMode).toBe('smol_shrimp');
  });

  it('a cancelled search costs exactly the 3% kept once its refund is paid', async () => {
    const me = await newWallet();
    const paid = await payEntryFee(target.db, clock, me, 'tiny_tuna');
    expect(await stored(me)).toMatchObject({ totalGames: 0, totalWageredLamports: TUNA.wagerLamports });
    // The product's cancel: the matchmaker closes the entry and the money side owes the refund with it.
    const matchmaker = createDrizzleMatchmaker({ db: target.db, clock });
    const player = {
      linkId: randomUUID(),
      playerSessionId: randomUUID(),
      walletAddress: me,
      displayName: 'me',
      ip: null,
      userAgent: null,
    };
    const joined = await matchmaker.join(player, 'tiny_tuna', paid);
    if (!joined.ok) throw new Error('the search did not start');
    const money = createMatchMoney({ houseWallet: HOUSE });
    await matchmaker.close(joined.entry.id, 'cancelled', (tx, entry) =>
      money.entryClosed(tx, entry, 'player_cancel', new Date(clock.now())),
    );
    await confirmDuePayouts(target.db, clock);
    expect(await stored(me)).toMatchObject({ profitLossLamports: -3_000_000n, totalWonLamports: 0n });
  });

  it('unique IPs and the most used one come from the wallet–IP associations', async () => {
    const [me, rival] = [await newWallet(), await newWallet()];
    await target.db.insert(walletIpAssociations).values([
      { walletAddress: me, ipAddress: '198.51.100.1', connectionCount: 2 },
      { walletAddress: me, ipAddress: '198.51.100.2', connectionCount: 9 },
      { walletAddress: me, ipAddress: '198.51.100.3', connectionCount: 4 },
      { walletAddress: rival, ipAddress: '198.51.100.9', connectionCount: 50 },
    ]);
    await playGame(target.db, clock, { winner: me, loser: rival, mode: 'practice' });
    expect(await stored(me)).toMatchObject({ uniqueIpCount: 3, mostUsedIp: '198.51.100.2' });

    // Tracking adds an association after the last game: the wallet's detail recomputes before it reads.
    await target.db
      .insert(walletIpAssociations)
      .values({ walletAddress: me, ipAddress: '198.51.100.4', connectionCount: 30 });
    const detail = await walletDetail(target.db, me);
    expect(detail.analytics).toMatchObject({ uniqueIpCount: 4, mostUsedIp: '198.51.100.4', totalGames: 1 });
  });
});
