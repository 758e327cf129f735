import { randomUUID } from 'node:crypto';
import { and, gte, lt, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { newWallet } from '../../../../test/support/admin-fixtures.ts';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { EXPORT_COLUMNS, EXPORT_RANGE_ERRORS } from '../../../common/api/admin-exports.ts';
import { games, systemEvents, transactions } from '../../db/schema/index.ts';
import { ADMIN_ERRORS } from '../admin-messages.ts';
import { EXPORT_PAGE_ROWS } from '../exports/export-rows.ts';
import { type AdminBed, ORIGIN, signedIn, startAdminApp } from '../test-support/admin-app-bed.ts';

/** RFC 4180 read back: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const next = text[i + 1];
    if (quoted && c === '"' && next === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      endCell();
    } else if (!quoted && c === '\r' && next === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else {
      cell += c;
    }
  }
  expect(cell).toBe('');
  return rows;
}

const at = (iso: string) => new Date(iso);
/** Above 2^53: a float would round it. */
const HUGE = 9_007_199_254_740_993n;

describeEachDatabase('CSV exports of transactions and games', (target) => {
  let h: AdminBed;
  let cookie: string;
  let wallet: string;
  const get = (url: string, as = cookie) =>
    h.app.inject({ method: 'GET', url: `/api/admin/export/${url}`, headers: { cookie: as, origin: ORIGIN } });

  beforeAll(async () => {
    h = await startAdminApp(target.db);
    ({ cookie } = await signedIn(h, target.db, 'admin'));
    wallet = await newWallet();
    const row = (createdAt: string, amountLamports: bigint, adminNotes: string | null = null) => ({
      type: 'entry_fee' as const,
      walletAddress: wallet,
      amountLamports,
      createdAt: at(createdAt),
      adminNotes,
    });
    // 2031-03-01 to 2031-03-02 included: the first instant is in, the day after's first instant is out.
    await target.db.insert(transactions).values([
      row('2031-02-28T23:59:59.999Z', 1n),
      row('2031-03-01T00:00:00.000Z', HUGE, '=HYPERLINK("http://evil")'),
      row('2031-03-02T23:59:59.999Z', 25_000_000n, 'Winner, "quoted"\nsecond line'),
      row('2031-03-03T00:00:00.000Z', 7n),
      // More than two pages sharing one instant: the keyset neither skips nor repeats any.
      ...Array.from({ length: 2 * EXPORT_PAGE_ROWS + 1 }, () =>
        row('2031-03-02T12:00:00.000Z', 100_000_000n),
      ),
    ]);
    const game = (createdAt: string, entry: bigint) => ({
      id: randomUUID(),
      mode: 'tiny_tuna' as const,
      player1Wallet: wallet,
      player2Wallet: '+cmd|calc',
      createdAt: at(createdAt),
      winner: wallet,
      finalScore: '11-7',
      entryFeeLamports: entry,
      winnerPayoutLamports: (entry * 3n) / 2n,
    });
    await target.db
      .insert(games)
      .values([
        game('2031-02-28T23:59:59.999Z', 1n),
        game('2031-03-01T00:00:00.000Z', 100_000_000n),
        game('2031-03-03T00:00:00.000Z', 1n),
      ]);
    return () => h.app.close();
  });

  it('transactions: every row of the range exactly once, oldest first, lamports and their total exact', async () => {
    const res = await get('transactions.csv?from=2031-03-01&to=2031-03-02');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="transactions-2031-03-01-to-2031-03-02.csv"',
    );
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...EXPORT_COLUMNS.transactions]);
    const col = (name: (typeof EXPORT_COLUMNS.transactions)[number]) => header!.indexOf(name);
    expect(rows).toHaveLength(2 * EXPORT_PAGE_ROWS + 3);
    expect(new Set(rows.map((r) => r[col('id')])).size).toBe(rows.length);
    expect(rows[0]?.[col('created_at')]).toBe('2031-03-01T00:00:00.000Z');
    expect(rows.at(-1)?.[col('created_at')]).toBe('2031-03-02T23:59:59.999Z');
    expect(rows[0]?.[col('amount_lamports')]).toBe('9007199254740993');
    expect(rows[0]?.[col('amount_sol')]).toBe('9007199.254740993');

    const total = rows.reduce((sum, r) => sum + BigInt(r[col('amount_lamports')]!), 0n);
    const [inDb] = await target.db
      .select({ sum: sql<string>`sum(${transactions.amountLamports})::text` })
      .from(transactions)
      .where(
        and(
          gte(transactions.createdAt, at('2031-03-01T00:00:00Z')),
          lt(transactions.createdAt, at('2031-03-03T00:00:00Z')),
        ),
      );
    expect(total).toBe(BigInt(inDb!.sum));
    expect(total).toBe(HUGE + 25_000_000n + BigInt(2 * EXPORT_PAGE_ROWS + 1) * 100_000_000n);
  });

  it('escaping: commas, quotes and line breaks survive; a cell starting = + - @ is not a formula', async () => {
    const res = await get('transactions.csv?from=2031-03-01&to=2031-03-02');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const [header, ...rows] = parseCsv(res.body);
    const notes = rows.map((r) => r[header!.indexOf('admin_notes')]);
    expect(notes).toContain('Winner, "quoted"\nsecond line');
    expect(notes).toContain(`'=HYPERLINK("http://evil")`);

    const gamesCsv = parseCsv((await get('games.csv?from=2031-03-01&to=2031-03-02')).body);
    expect(gamesCsv[0]).toEqual([...EXPORT_COLUMNS.games]);
    expect(gamesCsv.slice(1)).toHaveLength(1);
    const game = gamesCsv[1]!;
    expect(game[gamesCsv[0]!.indexOf('player2_wallet')]).toBe("'+cmd|calc");
    expect(game[gamesCsv[0]!.indexOf('entry_fee_lamports')]).toBe('100000000');
    expect(game[gamesCsv[0]!.indexOf('winner_payout_lamports')]).toBe('150000000');
  });

  it("an export follows the tab's search: the rows the tab lists for it, each entry fee with its game", async () => {
    const [x, y] = [await newWallet(), await newWallet()];
    const entry = (walletAddress: string, createdAt: string) => ({
      id: randomUUID(),
      type: 'entry_fee' as const,
      walletAddress,
      amountLamports: 25_000_000n,
      status: 'confirmed' as const,
      createdAt: at(createdAt),
    });
    const entries = [entry(x, '2031-03-06T08:00:00.000Z'), entry(y, '2031-03-06T08:00:01.000Z')];
    await target.db.insert(transactions).values(entries);
    const gameId = randomUUID();
    await target.db.insert(games).values({
      id: gameId,
      mode: 'smol_shrimp',
      player1Wallet: x,
      player2Wallet: y,
      createdAt: at('2031-03-06T08:00:02.000Z'),
      player1EntryTransactionId: entries[0]!.id,
      player2EntryTransactionId: entries[1]!.id,
      entryFeeLamports: 25_000_000n,
    });
    await target.db.insert(transactions).values({
      type: 'winner_payout',
      walletAddress: x,
      amountLamports: 37_500_000n,
      status: 'pending',
      gameId,
      createdAt: at('2031-03-06T08:05:00.000Z'),
    });

    const listed = async (tab: string, idField: 'id', gameField?: 'game_id') => {
      const res = await h.app.inject({ url: `/api/admin/${tab}?search=${x}&limit=100`, headers: { cookie } });
      const items = res.json<{ items: Record<string, string | null>[] }>().items;
      return items.map((i) => [i[idField], gameField ? i[gameField] : null]).sort();
    };
    const exported = async (kind: string, gameColumn?: string) => {
      const [header, ...rows] = parseCsv(
        (await get(`${kind}.csv?from=2031-03-06&to=2031-03-06&search=${x}`)).body,
      );
      return rows
        .map((r) => [r[header!.indexOf('id')], gameColumn ? r[header!.indexOf(gameColumn)] || null : null])
        .sort();
    };
    const tabRows = await listed('transactions', 'id', 'game_id');
    expect(tabRows).toHaveLength(2);
    expect(await exported('transactions', 'game_id')).toEqual(tabRows);
    // The entry fee names no game itself: the export finds it as the tab does, from the game that lists it.
    expect(tabRows).toContainEqual([entries[0]!.id, gameId]);
    expect(await exported('games')).toEqual(await listed('games', 'id'));
    expect(await exported('games')).toEqual([[gameId, null]]);
    // Without the search the file holds every row of the days: more than the searched tab shows.
    const [, ...all] = parseCsv((await get('transactions.csv?from=2031-03-06&to=2031-03-06')).body);
    expect(all.length).toBeGreaterThan(tabRows.length);
  });

  it.each([
    ['', EXPORT_RANGE_ERRORS.missing],
    ['?from=2031-03-01', EXPORT_RANGE_ERRORS.missing],
    ['?from=2031-02-30&to=2031-03-01', EXPORT_RANGE_ERRORS.badDate],
    ['?from=03/01/2031&to=2031-03-02', EXPORT_RANGE_ERRORS.badDate],
    ['?from=2031-03-02&to=2031-03-01', EXPORT_RANGE_ERRORS.reversed],
    ['?from=2030-01-01&to=2031-01-02', EXPORT_RANGE_ERRORS.tooLong],
  ])('a refused range %j is a 400 that says why', async (query, error) => {
    const res = await get(`games.csv${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
  });

  it.each(['support', 'viewer'] as const)('%s is refused (403)', async (role) => {
    const other = await signedIn(h, target.db, role);
    for (const kind of ['transactions', 'games']) {
      const res = await get(`${kind}.csv?from=2031-03-01&to=2031-03-02`, other.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: ADMIN_ERRORS.forbiddenForRole });
    }
  });

  it('each export is a system event: who, what, the range, the rows and their lamports', async () => {
    const { admin, cookie: owner } = await signedIn(h, target.db, 'owner');
    await get('games.csv?from=2031-03-01&to=2031-03-02', owner);
    const events = await target.db
      .select()
      .from(systemEvents)
      .where(sql`${systemEvents.details}->>'adminEmail' = ${admin.email}`);
    expect(events.filter((e) => e.eventType === 'admin_action')).toEqual([
      expect.objectContaining({
        message: 'Exported 1 game (100000000 lamports) from 2031-03-01 to 2031-03-02 (CSV)',
        details: expect.objectContaining({
          action: 'export_games',
          from: '2031-03-01',
          to: '2031-03-02',
          rows: 1,
          totalLamports: '100000000',
          complete: true,
          role: 'owner',
          adminEmail: admin.email,
        }),
      }),
    ]);
  });
});
