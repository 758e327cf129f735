import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { confirmDuePayouts, newWallet, playGame } from '../../../../test/support/admin-fixtures.ts';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { createFakeClock } from '../../../common/clock.ts';
import { getGameMode } from '../../../common/game-modes.ts';
import { ipAddresses, payoutJobs, walletIpAssociations } from '../../db/schema/index.ts';
import { recordSystemEvent } from '../../operations-log/system-events.ts';
import { ipsOfWallet, walletsOfIp } from './associations.ts';
import { listGames } from './games-list.ts';
import { listIps } from './ips-list.ts';
import { adminStats } from './stats.ts';
import { listSystemEvents } from './system-events-list.ts';
import { listTransactions } from './transactions-list.ts';
import { listWallets } from './wallets-list.ts';

const TUNA = getGameMode('tiny_tuna');

describeEachDatabase('admin API queries: the fields each back-office list shows', (target) => {
  const clock = createFakeClock();

  /** Two wallets play one paid match; the winner's payout is confirmed. */
  async function paidMatch() {
    const [winner, loser] = [await newWallet(), await newWallet()];
    const game = await playGame(target.db, clock, {
      winner,
      loser,
      mode: 'tiny_tuna',
      ips: ['203.0.113.10', '203.0.113.11'],
    });
    const signatures = await confirmDuePayouts(target.db, clock);
    const [job] = await target.db.select().from(payoutJobs).where(eq(payoutJobs.gameId, game.gameId));
    const payoutSignature = job ? signatures.get(job.id) : undefined;
    if (!job || !payoutSignature) throw new Error('the payout was not confirmed');
    clock.advance(1_000);
    return { winner, loser, game, payoutSignature, payoutTransactionId: job.transactionId };
  }

  it('stat cards: volume from confirmed entry fees, every ledger row, unique wallets, confirmed payouts — in SQL, SOL and lamports', async () => {
    const before = await adminStats(target.db);
    await paidMatch();
    const after = await adminStats(target.db);
    expect(BigInt(after.totalVolumeLamports) - BigInt(before.totalVolumeLamports)).toBe(
      2n * TUNA.wagerLamports,
    );
    expect(BigInt(after.totalPayoutsLamports) - BigInt(before.totalPayoutsLamports)).toBe(TUNA.winLamports);
    // Two entry fees, the payout and the house's commission.
    expect(after.totalTransactions - before.totalTransactions).toBe(4);
    expect(after.uniqueWallets - before.uniqueWallets).toBe(2);
    if (before.totalTransactions === 0) {
      expect(after).toEqual({
        totalVolume: '0.2 SOL',
        totalVolumeLamports: '200000000',
        totalTransactions: 4,
        uniqueWallets: 2,
        totalPayouts: '0.15 SOL',
        totalPayoutsLamports: '150000000',
      });
    }
  });

  it('games: the winner payout amount and signature, entry signatures, score and status; found by game id and by wallet', async () => {
    const { winner, loser, game, payoutSignature, payoutTransactionId } = await paidMatch();
    const byId = await listGames(target.db, { search: game.gameId });
    expect(byId.items).toHaveLength(1);
    expect(byId.items[0]).toMatchObject({
      id: game.gameId,
      mode: 'tiny_tuna',
      player1Wallet: winner,
      player2Wallet: loser,
      winner,
      finalScore: '11-4',
      completionStatus: 'completed',
      entryFee: 0.1,
      entryFeeLamports: '100000000',
      player1EntrySignature: game.entries[0]?.signature,
      player2EntrySignature: game.entries[1]?.signature,
      winnerPayoutAmount: 0.15,
      winnerPayoutLamports: '150000000',
      winnerPayoutSignature: payoutSignature,
      winnerPayoutTransactionId: payoutTransactionId,
      player1RefundSignature: null,
    });
    expect((await listGames(target.db, { search: `game ${game.gameId.toUpperCase()}` })).items[0]?.id).toBe(
      game.gameId,
    );
    expect((await listGames(target.db, { search: loser })).items.map((g) => g.id)).toEqual([game.gameId]);
    expect((await listGames(target.db, { search: payoutSignature })).items.map((g) => g.id)).toEqual([
      game.gameId,
    ]);
  });

  it('transactions: found by signature, by wallet and by game id (entry fees included), amounts in SOL with lamports beside', async () => {
    const { winner, game, payoutSignature } = await paidMatch();
    const bySignature = await listTransactions(target.db, { search: payoutSignature });
    expect(bySignature.items).toHaveLength(1);
    expect(bySignature.items[0]).toMatchObject({
      type: 'winner_payout',
      wallet_address: winner,
      amount: 0.15,
      amount_lamports: '150000000',
      status: 'confirmed',
      transaction_signature: payoutSignature,
      game_id: game.gameId,
      game_mode: 'tiny_tuna',
    });
    const entrySignature = game.entries[0]?.signature ?? '';
    expect((await listTransactions(target.db, { search: entrySignature })).items).toMatchObject([
      { type: 'entry_fee', wallet_address: winner, amount: 0.1, game_id: game.gameId },
    ]);
    const ofGame = await listTransactions(target.db, { search: game.gameId });
    expect(ofGame.items.map((t) => t.type).sort()).toEqual([
      'commission',
      'entry_fee',
      'entry_fee',
      'winner_payout',
    ]);
    const ofWallet = await listTransactions(target.db, { search: winner });
    expect(ofWallet.items.map((t) => t.type).sort()).toEqual(['entry_fee', 'winner_payout']);
    expect(ofWallet.items.every((t) => t.wallet_address === winner)).toBe(true);
    expect((await listTransactions(target.db, { search: 'no-such-thing' })).items).toEqual([]);
  });

  it('wallets: transaction_count, total_volume and is_banned; found by address, by signature and by game id', async () => {
    const { winner, loser, game, payoutSignature } = await paidMatch();
    const byAddress = await listWallets(target.db, { search: winner });
    expect(byAddress.items).toEqual([
      expect.objectContaining({
        wallet_address: winner,
        transaction_count: 2,
        total_volume: 0.1,
        total_volume_lamports: '100000000',
        is_banned: false,
      }),
    ]);
    expect(
      (await listWallets(target.db, { search: payoutSignature })).items.map((w) => w.wallet_address),
    ).toEqual([winner]);
    expect(
      (await listWallets(target.db, { search: game.gameId })).items.map((w) => w.wallet_address).sort(),
    ).toEqual([winner, loser].sort());
  });

  it('IPs and associations both ways: country, connections, ban state, first and last seen together', async () => {
    const [wallet, other] = [await newWallet(), await newWallet()];
    const at = new Date(clock.now());
    await target.db.insert(ipAddresses).values([
      { ipAddress: '192.0.2.50', country: 'DE', totalConnections: 7, firstSeen: at, lastSeen: at },
      {
        ipAddress: '192.0.2.51',
        country: 'FR',
        totalConnections: 2,
        isBanned: true,
        firstSeen: at,
        lastSeen: at,
      },
    ]);
    await target.db.insert(walletIpAssociations).values([
      {
        walletAddress: wallet,
        ipAddress: '192.0.2.50',
        connectionCount: 5,
        firstSeenTogether: at,
        lastSeenTogether: at,
      },
      {
        walletAddress: wallet,
        ipAddress: '192.0.2.51',
        connectionCount: 1,
        firstSeenTogether: at,
        lastSeenTogether: at,
      },
      {
        walletAddress: other,
        ipAddress: '192.0.2.50',
        connectionCount: 2,
        firstSeenTogether: at,
        lastSeenTogether: at,
      },
    ]);
    const ips = await listIps(target.db, { search: '192.0.2.50' });
    expect(ips.items).toEqual([
      expect.objectContaining({
        ipAddress: '192.0.2.50',
        country: 'DE',
        totalConnections: 7,
        isBanned: false,
        walletCount: 2,
      }),
    ]);
    expect((await listIps(target.db, { bannedOnly: true })).items.map((i) => i.ipAddress)).toContain(
      '192.0.2.51',
    );
    expect((await listIps(target.db, { bannedOnly: true })).items.map((i) => i.ipAddress)).not.toContain(
      '192.0.2.50',
    );

    const ofWallet = await ipsOfWallet(target.db, wallet);
    expect(ofWallet.items.map((r) => [r.ipAddress, r.country, r.isBanned, r.connectionCount]).sort()).toEqual(
      [
        ['192.0.2.50', 'DE', false, 5],
        ['192.0.2.51', 'FR', true, 1],
      ],
    );
    expect(ofWallet.items[0]).toMatchObject({
      firstSeenTogether: at.toISOString(),
      lastSeenTogether: at.toISOString(),
    });
    const ofIp = await walletsOfIp(target.db, '192.0.2.50');
    expect(ofIp.items.map((r) => [r.walletAddress, r.connectionCount]).sort()).toEqual(
      [
        [wallet, 5],
        [other, 2],
      ].sort(),
    );
  });

  it('system events: filtered by severity and by unresolved', async () => {
    const tag = `test-${clock.now()}`;
    await recordSystemEvent(target.db, { severity: 'critical', eventType: tag, message: 'house low' });
    await recordSystemEvent(target.db, { severity: 'warning', eventType: tag, message: 'retry' });
    const critical = await listSystemEvents(target.db, { severity: 'critical', unresolved: true });
    expect(critical.items.filter((e) => e.eventType === tag)).toEqual([
      expect.objectContaining({ severity: 'critical', message: 'house low', resolvedAt: null }),
    ]);
    expect(critical.items.every((e) => e.severity === 'critical' && e.resolvedAt === null)).toBe(true);
  });
});
