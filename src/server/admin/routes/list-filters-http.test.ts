import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { confirmDuePayouts, newWallet, playGame } from '../../../../test/support/admin-fixtures.ts';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import {
  GAME_FILTERS,
  LAMPORTS_RANGE_REVERSED,
  TRANSACTION_FILTERS,
} from '../../../common/api/admin-list-filters.ts';
import { PAYOUT_STATES, type PayoutState } from '../../../common/api/admin-rows.ts';
import { getGameMode } from '../../../common/game-modes.ts';
import { DAY_MS } from '../../../common/text-patterns.ts';
import { games, systemEvents, transactions } from '../../db/schema/index.ts';
import { HOLD_STATUS } from '../../ledger/payout/payout-hold.ts';
import { type AdminBed, ORIGIN, signedIn, startAdminApp } from '../test-support/admin-app-bed.ts';

interface TxRow {
  id: string;
  type: string;
  status: string;
  game_mode: string | null;
  wallet_address: string;
  amount_lamports: string;
}
interface GameRow {
  id: string;
  mode: string;
  completionStatus: string | null;
  payoutState: PayoutState;
  entryFeeLamports: string;
}

const TUNA = getGameMode('tiny_tuna').wagerLamports;
const SHRIMP = getGameMode('smol_shrimp').wagerLamports;

/** RFC 4180 enough for ids: the first column of each data row (no cell here holds a comma or a quote). */
const csvIds = (text: string) =>
  text
    .split('\r\n')
    .slice(1)
    .filter((line) => line !== '')
    .map((line) => line.split(',')[0]);

describeEachDatabase('Transactions and Games filters, in the lists and their CSV exports', (target) => {
  let h: AdminBed;
  let cookie: string;
  /** The export's days: all of the fixtures' (a day either side, should they cross a midnight). */
  let days: string;
  let player: string;
  const get = (url: string) => h.app.inject({ url: `/api/admin${url}`, headers: { cookie, origin: ORIGIN } });
  const items = async <T>(list: string, query: string): Promise<T[]> => {
    const res = await get(`/${list}?limit=200${query ? `&${query}` : ''}`);
    expect(res.statusCode, `${list}?${query}: ${res.body}`).toBe(200);
    return res.json<{ items: T[]; nextCursor: string | null }>().items;
  };
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

  beforeAll(async () => {
    h = await startAdminApp(target.db);
    ({ cookie } = await signedIn(h, target.db, 'admin'));
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    days = `from=${dayOf(h.clock.now() - DAY_MS)}&to=${dayOf(h.clock.now() + DAY_MS)}`;
    player = await newWallet();
    // A paid game paid out (sent), one still owed, and a practice game (no payout).
    await playGame(target.db, h.clock, { winner: player, loser: await newWallet(), mode: 'tiny_tuna' });
    await confirmDuePayouts(target.db, h.clock);
    await playGame(target.db, h.clock, { winner: await newWallet(), loser: player, mode: 'smol_shrimp' });
    await playGame(target.db, h.clock, { winner: player, loser: await newWallet(), mode: 'practice' });
    // A payout in each state review leaves it in, each game's own: held, released, cancelled, failed.
    const now = new Date(h.clock.now());
    const reviewed = [
      ['pending', HOLD_STATUS.held, 'forfeited'],
      ['pending', HOLD_STATUS.released, 'completed'],
      ['redundant', HOLD_STATUS.refundedLoser, 'completed'],
      ['failed', null, 'interrupted'],
    ] as const;
    for (const [status, resolutionStatus, completionStatus] of reviewed) {
      const gameId = randomUUID();
      const winner = await newWallet();
      await target.db.insert(games).values({
        id: gameId,
        mode: 'mighty_marlin',
        player1Wallet: winner,
        player2Wallet: player,
        winner,
        completionStatus,
        createdAt: now,
        entryFeeLamports: getGameMode('mighty_marlin').wagerLamports,
      });
      await target.db.insert(transactions).values({
        type: 'winner_payout',
        walletAddress: winner,
        amountLamports: 1_960_000_000n,
        status,
        resolutionStatus,
        gameId,
        gameMode: 'mighty_marlin',
        createdAt: now,
      });
    }
    // A refund and a failed entry: other types and statuses than the games wrote.
    await target.db.insert(transactions).values([
      {
        type: 'refund',
        walletAddress: player,
        amountLamports: SHRIMP,
        gameMode: 'smol_shrimp',
        createdAt: now,
      },
      {
        type: 'entry_fee',
        walletAddress: player,
        amountLamports: TUNA,
        status: 'failed',
        gameMode: 'tiny_tuna',
        createdAt: now,
      },
    ]);
    return () => h.app.close();
  });

  const transactionCases: [string, (r: TxRow) => boolean][] = [
    ['type=refund', (r) => r.type === 'refund'],
    ['type=winner_payout', (r) => r.type === 'winner_payout'],
    ['status=failed', (r) => r.status === 'failed'],
    ['mode=smol_shrimp', (r) => r.game_mode === 'smol_shrimp'],
    [`minLamports=${TUNA}`, (r) => BigInt(r.amount_lamports) >= TUNA],
    [`maxLamports=${SHRIMP}`, (r) => BigInt(r.amount_lamports) <= SHRIMP],
    // Both bounds are included: one amount exactly.
    [`minLamports=${TUNA}&maxLamports=${TUNA}`, (r) => BigInt(r.amount_lamports) === TUNA],
    [
      'type=entry_fee&status=confirmed&mode=tiny_tuna',
      (r) => r.type === 'entry_fee' && r.status === 'confirmed' && r.game_mode === 'tiny_tuna',
    ],
  ];

  it.each(transactionCases)(
    'transactions ?%s lists exactly the rows it names, fewer than all',
    async (query, keeps) => {
      const all = await items<TxRow>('transactions', '');
      const expected = all.filter(keeps);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(all.length);
      expect(ids(await items<TxRow>('transactions', query))).toEqual(ids(expected));
    },
  );

  const gameCases: [string, (g: GameRow) => boolean][] = [
    ['mode=smol_shrimp', (g) => g.mode === 'smol_shrimp'],
    ['status=practice_win', (g) => g.completionStatus === 'practice_win'],
    ['status=forfeited', (g) => g.completionStatus === 'forfeited'],
    [`minLamports=${TUNA}`, (g) => BigInt(g.entryFeeLamports) >= TUNA],
    [
      `minLamports=1&maxLamports=${TUNA}`,
      (g) => BigInt(g.entryFeeLamports) >= 1n && BigInt(g.entryFeeLamports) <= TUNA,
    ],
    [
      'mode=mighty_marlin&status=completed',
      (g) => g.mode === 'mighty_marlin' && g.completionStatus === 'completed',
    ],
  ];

  it.each(gameCases)('games ?%s lists exactly the games it names, fewer than all', async (query, keeps) => {
    const all = await items<GameRow>('games', '');
    const expected = all.filter(keeps);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    expect(ids(await items<GameRow>('games', query))).toEqual(ids(expected));
  });

  it('games ?payout= finds each game whose Payout column says that state, and no other', async () => {
    const all = await items<GameRow>('games', '');
    const shown = new Set(all.map((g) => g.payoutState));
    // Every state but none of the fixtures is missing: the filter's SQL is checked against the column's reading.
    expect([...shown].sort()).toEqual([...PAYOUT_STATES].sort());
    for (const state of PAYOUT_STATES) {
      const filtered = await items<GameRow>('games', `payout=${state}`);
      expect(ids(filtered), state).toEqual(ids(all.filter((g) => g.payoutState === state)));
    }
  });

  const exported = async (kind: string, query: string) => {
    const res = await get(`/export/${kind}.csv?${days}${query ? `&${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return csvIds(res.body).sort();
  };

  it.each([
    ...transactionCases.map(([query]) => ['transactions', query]),
    ['transactions', `type=entry_fee&search=${'{player}'}`],
    ...gameCases.map(([query]) => ['games', query]),
    ...PAYOUT_STATES.map((state) => ['games', `payout=${state}`]),
    ['games', `status=completed&search=${'{player}'}`],
  ])('the %s CSV for ?%s holds exactly the rows its list shows', async (kind, template) => {
    const query = template.replace('{player}', player);
    const listed = ids(await items<{ id: string }>(kind, query));
    expect(await exported(kind, query)).toEqual(listed);
  });

  it.each([
    ['transactions', 'type=bogus', TRANSACTION_FILTERS.type.error],
    ['transactions', 'status=won', TRANSACTION_FILTERS.status.error],
    ['transactions', 'mode=whale', TRANSACTION_FILTERS.mode.error],
    ['transactions', 'minLamports=0.5', TRANSACTION_FILTERS.minLamports.error],
    ['transactions', 'maxLamports=-1', TRANSACTION_FILTERS.maxLamports.error],
    // Past what a bigint column holds: refused, never a database error.
    ['transactions', 'maxLamports=9223372036854775808', TRANSACTION_FILTERS.maxLamports.error],
    ['transactions', 'minLamports=10&maxLamports=9', LAMPORTS_RANGE_REVERSED],
    ['transactions', 'type=refund&type=entry_fee', 'type must be given once, at most 32 characters'],
    ['games', 'status=win', GAME_FILTERS.status.error],
    ['games', 'payout=paid', GAME_FILTERS.payout.error],
    ['games', 'mode=PRACTICE', GAME_FILTERS.mode.error],
    ['games', 'minLamports=1e9', GAME_FILTERS.minLamports.error],
    ['games', 'minLamports=2&maxLamports=1', LAMPORTS_RANGE_REVERSED],
  ])(
    'a bad filter on %s ?%s is 400 { error } naming it, in the list and in its export',
    async (kind, query, error) => {
      expect(error).toMatch(/^(type|status|mode|payout|minLamports|maxLamports) /);
      for (const url of [`/${kind}?${query}`, `/export/${kind}.csv?${days}&${query}`]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual({ error });
      }
    },
  );

  it('an empty filter value is no filter', async () => {
    const all = ids(await items<TxRow>('transactions', ''));
    expect(ids(await items<TxRow>('transactions', 'type=&status=&mode=&minLamports=&maxLamports='))).toEqual(
      all,
    );
  });

  it("an export's system event names the filters it was narrowed by", async () => {
    await exported('transactions', `type=refund&minLamports=${SHRIMP}`);
    const events = await target.db
      .select()
      .from(systemEvents)
      .where(sql`${systemEvents.details}->>'action' = 'export_transactions'`);
    const event = events.find((e) => e.message.includes('type=refund, minLamports'));
    expect(event?.message).toMatch(
      /^Exported 1 transaction \(\d+ lamports\) from .* filtered by type=refund, minLamports=25000000 \(CSV\)$/,
    );
    expect(event?.details).toMatchObject({ filters: { type: 'refund', minLamports: String(SHRIMP) } });
  });
});
