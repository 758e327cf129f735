import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  confirmDuePayouts,
  HOUSE,
  newWallet,
  payEntryFee,
  playGame,
} from '../../../../test/support/admin-fixtures.ts';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import {
  airdropTo,
  type LocalChainServer,
  startLocalChainServer,
} from '../../../../test/support/local-chain-server.ts';
import { SOL } from '../../../../test/support/money.ts';
import { getGameMode } from '../../../common/game-modes.ts';
import { createChainRpc } from '../../chain/chain-rpc.ts';
import { createDrizzleMatchmaker } from '../../game/test-support/drizzle-matchmaker.ts';
import { createMatchMoney } from '../../ledger/match-money.ts';
import type { ReconcileReport } from '../../ledger/reconcile/reconcile.ts';
import { recordReconciliation } from '../../ledger/reconcile/reconcile.ts';
import { recordSystemEvent } from '../../operations-log/system-events.ts';
import type { AdminOverview } from '../overview/admin-overview.ts';
import { chainBalanceOf } from '../overview/admin-services.ts';
import { adminAppPerTest, signedIn } from '../test-support/admin-app-bed.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const TODAY = Date.parse('2027-03-10T15:00:00Z');
const TUNA = getGameMode('tiny_tuna');

const report = (differences: ReconcileReport['differences']): ReconcileReport => ({
  differences,
  summary: {
    chainTransactions: 4,
    failedChainTransactions: 0,
    ledgerRows: 4,
    matched: 4,
    funding: 1,
    inFlight: 0,
    unaccountedPayments: 0,
  },
});

describeEachDatabase('GET /api/admin/overview', (target) => {
  const start = adminAppPerTest(() => target.db);
  let chain: LocalChainServer;
  let house: string;

  beforeAll(async () => {
    chain = await startLocalChainServer();
    house = (await airdropTo(chain, 75n * SOL)).address;
  });
  afterAll(async () => chain?.stop());

  const overviewOf = async (h: Awaited<ReturnType<typeof start>>) => {
    const { cookie } = await signedIn(h, target.db);
    const res = await h.app.inject({ url: '/api/admin/overview', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminOverview;
  };

  it('daily volume and games per UTC day from SQL (30 days, zero days filled), live figures, the house balance and floor', async () => {
    const h = await start({
      house: {
        address: house,
        floorLamports: 50n * SOL,
        balance: chainBalanceOf(createChainRpc(chain.url), house),
      },
      live: () => ({ matches: 2, playersOnline: 7, queues: [{ mode: 'tiny_tuna', waiting: 1 }] }),
    });
    const [a, b] = [await newWallet(), await newWallet()];
    // 40 days ago (outside the window), then two days ago: one paid game each. Today: one paid, one practice.
    h.clock.set(TODAY - 40 * DAY_MS);
    await playGame(target.db, h.clock, { winner: a, loser: b, mode: 'tiny_tuna' });
    h.clock.set(TODAY - 2 * DAY_MS + 8 * 60 * 60 * 1000);
    await playGame(target.db, h.clock, { winner: a, loser: b, mode: 'tiny_tuna' });
    h.clock.set(TODAY - 60 * 60 * 1000);
    await playGame(target.db, h.clock, { winner: b, loser: a, mode: 'tiny_tuna' });
    await playGame(target.db, h.clock, { winner: b, loser: a, mode: 'practice' });

    const overview = await overviewOf(h);
    expect(overview.daily).toHaveLength(30);
    expect(overview.daily[0]?.day).toBe('2027-02-09');
    expect(overview.daily[29]?.day).toBe('2027-03-10');
    const active = overview.daily.filter((d) => d.games > 0 || d.volumeLamports !== '0');
    const paid = 2n * TUNA.wagerLamports;
    expect(active).toEqual([
      { day: '2027-03-08', volumeSol: Number(paid) / 1e9, volumeLamports: paid.toString(), games: 1 },
      { day: '2027-03-10', volumeSol: Number(paid) / 1e9, volumeLamports: paid.toString(), games: 2 },
    ]);
    expect(overview.live).toEqual({
      matches: 2,
      playersOnline: 7,
      queues: [{ mode: 'tiny_tuna', waiting: 1 }],
    });
    expect(overview.houseWallet).toEqual({
      address: house,
      balanceSol: 75,
      balanceLamports: (75n * SOL).toString(),
      floorSol: 50,
    });
  });

  it('unresolved critical events are counted; the latest reconciliation is reported with its outcome', async () => {
    const h = await start();
    const before = await overviewOf(h);
    expect(before.lastReconciliation).toBeNull();
    await recordSystemEvent(target.db, { severity: 'critical', eventType: 'test_alarm', message: 'alarm' });
    await recordSystemEvent(target.db, { severity: 'warning', eventType: 'test_notice', message: 'notice' });
    await recordReconciliation(
      target.db,
      report([{ kind: 'confirmed-without-signature', ledgerId: 'x', type: 'refund' }]),
      house,
    );
    const failed = await overviewOf(h);
    // The failed reconciliation is itself a critical event.
    expect(failed.unresolvedCriticalEvents).toBe(before.unresolvedCriticalEvents + 2);
    expect(failed.lastReconciliation).toMatchObject({ ok: false, at: expect.any(String) });
    expect(failed.lastReconciliation?.summary).toContain('1 difference(s)');

    await recordReconciliation(target.db, report([]), house);
    const clean = await overviewOf(h);
    expect(clean.lastReconciliation).toMatchObject({ ok: true });
    expect(clean.lastReconciliation?.summary).toContain(`house wallet ${house}: 0 difference(s)`);
  });

  it('gross and net from the ledger: in, refunded, paid out, owed, kept, in play; net is kept + owed + in play', async () => {
    const h = await start();
    const w = TUNA.wagerLamports;
    const figures = async () => {
      const { money } = await overviewOf(h);
      return Object.fromEntries(Object.entries(money).map(([k, v]) => [k, BigInt(v)])) as Record<
        keyof AdminOverview['money'],
        bigint
      >;
    };
    const before = await figures();
    const [a, b, c, d] = await Promise.all([newWallet(), newWallet(), newWallet(), newWallet()]);
    // A paid match whose payout is sent; a search cancelled (its 97% owed, not sent yet); a search live.
    await playGame(target.db, h.clock, { winner: a, loser: b, mode: 'tiny_tuna' });
    await confirmDuePayouts(target.db, h.clock);
    const matchmaker = createDrizzleMatchmaker({ db: target.db, clock: h.clock });
    const money = createMatchMoney({ houseWallet: HOUSE });
    const search = async (wallet: string) => {
      const paid = await payEntryFee(target.db, h.clock, wallet, TUNA.id);
      const player = {
        linkId: randomUUID(),
        playerSessionId: randomUUID(),
        walletAddress: wallet,
        displayName: 'p',
        ip: null,
        userAgent: null,
      };
      const joined = await matchmaker.join(player, TUNA.id, paid);
      if (!joined.ok) throw new Error('the search did not start');
      return joined.entry.id;
    };
    const cancelled = await search(c);
    await matchmaker.close(cancelled, 'cancelled', (tx, entry) =>
      money.entryClosed(tx, entry, 'player_cancel', new Date(h.clock.now())),
    );
    await search(d);

    const after = await figures();
    const delta = (k: keyof typeof after) => after[k] - before[k];
    const refund = (w * 97n) / 100n;
    expect(delta('volumeInLamports')).toBe(4n * w);
    expect(delta('paidOutLamports')).toBe(TUNA.winLamports);
    expect(delta('refundedLamports')).toBe(0n);
    expect(delta('owedLamports')).toBe(refund);
    expect(delta('keptLamports')).toBe(2n * w - TUNA.winLamports + (w - refund));
    expect(delta('liveLamports')).toBe(w);
    expect(delta('netLamports')).toBe(4n * w - TUNA.winLamports);
    expect(after.netLamports).toBe(after.keptLamports + after.owedLamports + after.liveLamports);

    // The refund sent: it moves from owed to refunded, and the net follows.
    await confirmDuePayouts(target.db, h.clock);
    const sent = await figures();
    expect(sent.refundedLamports - after.refundedLamports).toBe(refund);
    expect(sent.owedLamports - after.owedLamports).toBe(-refund);
    expect(sent.netLamports).toBe(sent.keptLamports + sent.owedLamports + sent.liveLamports);
  });

  it('an unreachable chain does not fail the overview: the balance is null, the rest is there', async () => {
    const h = await start(); // the kit's house wallet sits on a chain nobody serves
    const overview = await overviewOf(h);
    expect(overview.houseWallet).toMatchObject({ balanceSol: null, balanceLamports: null, floorSol: 50 });
    expect(overview.daily).toHaveLength(30);
    expect(overview.live).toEqual({ matches: 0, playersOnline: 0, queues: [] });
  });
});
