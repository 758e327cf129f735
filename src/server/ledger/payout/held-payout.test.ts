import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { address } from '@solana/kit';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitsExactly } from '../../../../test/support/contract-fit.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../../../test/support/database-bed.ts';
import { productChain } from '../../../../test/support/product-chain.ts';
import {
  startTestServer,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  type TestServer,
} from '../../../../test/support/test-server.ts';
import { heldPayoutAnswerSchema } from '../../../common/api/admin-actions.ts';
import { adminGameRowSchema, adminHeldPayoutRowSchema } from '../../../common/api/admin-rows.ts';
import { adminOverviewSchema, adminStatsSchema } from '../../../common/api/admin-views.ts';
import { walletMoneyAnswerSchema } from '../../../common/api/wallet-money.ts';
import { pageOf } from '../../../common/api/wire-values.ts';
import { createFakeClock } from '../../../common/clock.ts';
import { payoutJobs, systemEvents, transactions } from '../../db/schema/index.ts';
import { playerHistory } from '../player-history.ts';
import { checkMoney } from '../test-support/money-check.ts';
import { PAYOUT_HELD_EVENT } from './payout-hold.ts';
import { HELD_MODE, heldPayoutScene } from './test-support/banned-winner-game.ts';

const MODE = HELD_MODE;

/**
 * RELIABILITY 35, a winner banned before the house pays: the match finishes, but the payout is held (never
 * signed) with a critical event naming the game, the wallet, the amount and the ban, and the winner's
 * history shows it held for review. An admin releases it (paid once, as any job) or refunds the loser's
 * entry in full instead (once); the ledger balances and reconcile agrees with the chain after each step.
 * Real entry fees on the local chain, a match over real sockets, the admin API over HTTP, one fake clock;
 * on the embedded database and on PostgreSQL.
 */
describe.each(['pglite', 'postgresql'] as const)(
  'a banned winner’s payout is held for review [%s]',
  (kind) => {
    const clock = createFakeClock();
    let server: TestServer;
    let database: ThrowawayDatabase | undefined;
    let chain: ReturnType<typeof productChain>;
    let adminCookie = '';
    let faucet = '';

    beforeAll(async () => {
      database = kind === 'postgresql' ? await createThrowawayDatabase() : undefined;
      server = await startTestServer({
        clock,
        noPayoutWorker: true,
        env: database ? { DATABASE_URL: database.url } : {},
      });
      chain = productChain(server.url, clock);
      faucet = (
        JSON.parse(await readFile(path.join(server.dataDir, 'chain', 'genesis.json'), 'utf8')) as {
          faucetAddress: string;
        }
      ).faucetAddress;
      const login = await fetch(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }),
      });
      adminCookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    }, 60_000);
    afterAll(async () => {
      staged?.close();
      await server?.stop();
      await database?.drop();
    });

    const money = () =>
      checkMoney({
        db: server.db,
        rpc: chain.rpc as never,
        houseWallet: address(server.houseWallet),
        fundingAddresses: [faucet],
      });
    const scene = () => heldPayoutScene({ server, chain, clock, adminCookie: () => adminCookie });
    let staged: ReturnType<typeof heldPayoutScene> | undefined;
    const stage = () => {
      staged ??= scene();
      return staged;
    };
    const runWorker = (rounds?: number) => stage().runWorker(rounds);
    const adminPost = (route: string, body: object) => stage().adminPost(route, body);
    const adminGet = async (route: string) => {
      const res = await fetch(`${server.url}/api/admin/${route}`, { headers: { cookie: adminCookie } });
      expect(res.status, route).toBe(200);
      return res;
    };
    /** What the back-office says of a game's payout: its page, its row in the searched list, its CSV line. */
    const backOfficeOf = async (gameId: string) => {
      const page = fitsExactly(adminGameRowSchema, await (await adminGet(`games/${gameId}`)).json(), 'game');
      const list = fitsExactly(
        pageOf(adminGameRowSchema),
        await (await adminGet(`games?search=${gameId}`)).json(),
        'games',
      );
      const today = new Date(clock.now()).toISOString().slice(0, 10);
      const csv = await (
        await adminGet(`export/games.csv?from=${today}&to=${today}&search=${gameId}`)
      ).text();
      const [header, ...lines] = csv
        .trim()
        .split('\r\n')
        .map((line) => line.split(','));
      const column = (name: string) => lines.map((line) => line[header!.indexOf(name)]);
      return {
        page,
        listed: list.items,
        csv: {
          ids: column('id'),
          paid: column('winner_payout_lamports'),
          state: column('winner_payout_state'),
        },
      };
    };
    const bannedWinnerGame = () => stage().bannedWinnerGame();

    const jobOf = async (jobId: string) =>
      (await server.db.select().from(payoutJobs).where(eq(payoutJobs.id, jobId)))[0]!;

    it('a winner banned during the match is not paid: held with a critical event, shown held; release pays it once', async () => {
      const game = await bannedWinnerGame();
      const { winner, jobId } = game;
      expect(await jobOf(jobId)).toMatchObject({ status: 'held', signature: null, lockedBy: null });
      expect(await chain.balance(winner.wallet.address)).toBe(game.before.winner);
      const events = await server.db
        .select()
        .from(systemEvents)
        .where(eq(systemEvents.eventType, PAYOUT_HELD_EVENT));
      const event = events.find((e) => (e.details as { jobId?: string }).jobId === jobId);
      expect(event).toMatchObject({ severity: 'critical', resolvedAt: null });
      expect(event?.message).toContain(game.gameId);
      expect(event?.message).toContain(winner.wallet.address);
      expect(event?.message).toContain(String(MODE.winLamports));
      expect(event?.message).toContain('collusion');
      // The player's history shows the payout pending, held for review.
      const history = await playerHistory(server.db, winner.wallet.address, { limit: 50 });
      expect(history.transactions.find((t) => t.type === 'winner_payout')).toMatchObject({
        status: 'pending',
        held_for_review: true,
        transaction_signature: null,
      });
      // Held is not missing: the ledger balances and reconcile finds nothing to explain.
      expect(await money()).toMatchObject({ ledger: [], chain: [] });
      const listed = fitsExactly(
        pageOf(adminHeldPayoutRowSchema),
        await (
          await fetch(`${server.url}/api/admin/held-payouts`, { headers: { cookie: adminCookie } })
        ).json(),
        'GET /api/admin/held-payouts',
      );
      expect(listed.items.find((h) => h.jobId === jobId)?.state).toBe('held');

      expect((await adminPost('held-payouts/release', { jobId })).status).toBe(400);
      const released = await adminPost('held-payouts/release', { jobId, reason: 'appeal upheld' });
      expect(released.status, await released.clone().text()).toBe(200);
      fitsExactly(
        heldPayoutAnswerSchema,
        await released.clone().json(),
        'POST /api/admin/held-payouts/release',
      );
      expect((await adminPost('held-payouts/release', { jobId, reason: 'again' })).status).toBe(409);
      expect((await adminPost('held-payouts/refund-loser', { jobId, reason: 'too late' })).status).toBe(409);

      await runWorker();
      await runWorker();
      expect((await chain.balance(winner.wallet.address)) - game.before.winner).toBe(MODE.winLamports);
      expect(await jobOf(jobId)).toMatchObject({ status: 'confirmed' });
      const [row] = await server.db
        .select()
        .from(transactions)
        .where(eq(transactions.id, game.transactionId));
      expect(row).toMatchObject({ status: 'confirmed' });
      const [resolved] = await server.db.select().from(systemEvents).where(eq(systemEvents.id, event!.id));
      expect(resolved?.resolvedBy).toBe(TEST_ADMIN_EMAIL);
      // The back-office tells it as it went: sent, after a release whose who and why it names.
      const told = await backOfficeOf(game.gameId);
      expect(told.page).toMatchObject({
        payoutState: 'sent',
        winnerPayoutLamports: String(MODE.winLamports),
        payoutDecision: `Released by ${TEST_ADMIN_EMAIL}: appeal upheld`,
      });
      expect(told.page.winnerPayoutSignature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
      expect(told.listed).toEqual([told.page]);
      expect(told.csv).toEqual({ ids: [game.gameId], paid: [String(MODE.winLamports)], state: ['sent'] });
      expect(await money()).toMatchObject({ ledger: [], chain: [] });
    }, 120_000);

    it("the alternative: the held payout is cancelled and the loser's entry refunded in full, once", async () => {
      const game = await bannedWinnerGame();
      const { winner, loser, jobId } = game;
      expect(await jobOf(jobId)).toMatchObject({ status: 'held' });
      const held = await backOfficeOf(game.gameId);
      expect(held.page).toMatchObject({ payoutState: 'held', winnerPayoutSignature: null });
      expect(held.csv.state).toEqual(['held']);

      const refunded = await adminPost('held-payouts/refund-loser', { jobId, reason: 'winner colluded' });
      expect(refunded.status, await refunded.clone().text()).toBe(200);
      const decision = fitsExactly(
        heldPayoutAnswerSchema,
        await refunded.clone().json(),
        'POST /api/admin/held-payouts/refund-loser',
      );
      expect(decision.refund?.amountLamports).toMatch(/^\d+$/);
      expect((await adminPost('held-payouts/refund-loser', { jobId, reason: 'again' })).status).toBe(409);
      expect((await adminPost('held-payouts/release', { jobId, reason: 'changed my mind' })).status).toBe(
        409,
      );

      await runWorker();
      await runWorker();
      expect((await chain.balance(loser.wallet.address)) - game.before.loser).toBe(MODE.wagerLamports);
      expect(await chain.balance(winner.wallet.address)).toBe(game.before.winner);
      expect(await jobOf(jobId)).toMatchObject({ status: 'cancelled', signature: null });
      const [payoutRow] = await server.db
        .select()
        .from(transactions)
        .where(eq(transactions.id, game.transactionId));
      expect(payoutRow).toMatchObject({ status: 'redundant', transactionSignature: null });
      // The house keeps the winner's entry, to the lamport: the match's commission is that entry.
      const commission = await server.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.gameId, game.gameId), eq(transactions.type, 'commission')));
      expect(commission.reduce((sum, row) => sum + row.amountLamports, 0n)).toBe(MODE.wagerLamports);
      // No screen or file says the winner was paid: the game page and the list say why not, with who decided,
      // the loser's refund and its transfer; the CSV's payout is empty, its state says so.
      const told = await backOfficeOf(game.gameId);
      const loserSeat = told.page.player1Wallet === loser.wallet.address ? 'player1' : 'player2';
      expect(told.page).toMatchObject({
        payoutState: 'refunded_loser',
        winnerPayoutAmount: null,
        winnerPayoutLamports: null,
        winnerPayoutSignature: null,
        payoutLedgerLamports: String(MODE.winLamports),
        payoutDecision: `Cancelled by ${TEST_ADMIN_EMAIL}, loser's entry refunded: winner colluded`,
        [`${loserSeat}RefundLamports`]: String(MODE.wagerLamports),
      });
      expect(told.page.payoutDecidedAt).not.toBeNull();
      expect(told.page[`${loserSeat}RefundSignature`]).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
      expect(told.listed).toEqual([told.page]);
      expect(told.csv).toEqual({ ids: [game.gameId], paid: [''], state: ['refunded_loser'] });
      // Each wallet's money timeline tells it: the winner's payout not paid and why, the loser's full refund.
      const moneyOf = async (wallet: string) =>
        fitsExactly(
          walletMoneyAnswerSchema,
          await (await adminGet(`wallets/${wallet}/money`)).json(),
          'money',
        );
      const winnerMoney = await moneyOf(winner.wallet.address);
      expect(winnerMoney.items.filter((r) => r.kind === 'payout')).toEqual([
        expect.objectContaining({
          gameId: game.gameId,
          status: 'redundant',
          payoutState: 'refunded_loser',
          signature: null,
          cause: "Winner's payout: Not paid: the loser's entry was refunded instead",
        }),
      ]);
      expect(winnerMoney.totals).toMatchObject({ paidOutLamports: '0', owedLamports: '0' });
      const loserMoney = await moneyOf(loser.wallet.address);
      expect(loserMoney.items.filter((r) => r.kind === 'refund')).toEqual([
        expect.objectContaining({
          gameId: game.gameId,
          status: 'confirmed',
          reason: 'admin_initiated',
          refundPercentage: 100,
          signature: told.page[`${loserSeat}RefundSignature`],
          cause:
            "The winner's payout was cancelled after review, the loser refunded: the entry returned in full",
        }),
      ]);
      expect(loserMoney.totals).toMatchObject({
        netLamports: '0',
        refundedLamports: String(MODE.wagerLamports),
      });
      // The Overview counts no payout for it either: paid out is what the Total Payouts card says (only the
      // other test's released payout), nothing is owed, and net = kept + owed + in play.
      const overview = fitsExactly(
        adminOverviewSchema,
        await (await adminGet('overview')).json(),
        'overview',
      );
      const stats = fitsExactly(adminStatsSchema, await (await adminGet('stats')).json(), 'stats');
      const figure = (k: keyof typeof overview.money) => BigInt(overview.money[k]);
      expect(overview.money.paidOutLamports).toBe(stats.totalPayoutsLamports);
      expect(figure('owedLamports')).toBe(0n);
      expect(figure('netLamports')).toBe(
        figure('keptLamports') + figure('owedLamports') + figure('liveLamports'),
      );
      // The winner's history counts no payout for the game either.
      const history = await playerHistory(server.db, winner.wallet.address, { limit: 50 });
      expect(
        history.transactions.find((t) => t.type === 'game_record' && t.game_id === game.gameId),
      ).toMatchObject({ amount: 0, admin_notes: expect.stringContaining('Payout: 0') });
      const refunds = await server.db
        .select()
        .from(payoutJobs)
        .where(and(eq(payoutJobs.walletAddress, loser.wallet.address), eq(payoutJobs.kind, 'refund')));
      expect(refunds).toEqual([
        expect.objectContaining({ status: 'confirmed', amountLamports: MODE.wagerLamports }),
      ]);
      expect(await money()).toMatchObject({ ledger: [], chain: [] });
    }, 120_000);
  },
);
