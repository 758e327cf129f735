import { eq, type SQL, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { confirmDuePayouts, newWallet, playGame } from '../../../../test/support/admin-fixtures.ts';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { SEARCH_TOO_SHORT } from '../../../common/admin-search-term.ts';
import { createFakeClock } from '../../../common/clock.ts';
import { shortenAddress } from '../../../common/format.ts';
import { ipAddresses, payoutJobs } from '../../db/schema/index.ts';
import { gamesListStatement, listGames } from './games-list.ts';
import { ipsListStatement, listIps } from './ips-list.ts';
import { listTransactions, transactionsListStatement } from './transactions-list.ts';
import { listWallets, walletsListStatement } from './wallets-list.ts';

/** The three ways SPEC §2's search box is given a value the screen shows: its start, its end, its short form. */
const FORMS = [
  ['prefix', (v: string) => v.slice(0, 6)],
  ['suffix', (v: string) => v.slice(-6)],
  ['shortened form', (v: string) => shortenAddress(v)],
] as const;

describeEachDatabase('admin search: 4+ characters of what the screen shows, through indexes', (target) => {
  const clock = createFakeClock();
  let winner = '';
  let loser = '';
  let gameId = '';
  let payoutSignature = '';
  let entrySignature = '';

  beforeAll(async () => {
    [winner, loser] = [await newWallet(), await newWallet()];
    const game = await playGame(target.db, clock, { winner, loser, mode: 'tiny_tuna' });
    const signatures = await confirmDuePayouts(target.db, clock);
    const [job] = await target.db.select().from(payoutJobs).where(eq(payoutJobs.gameId, game.gameId));
    gameId = game.gameId;
    payoutSignature = (job && signatures.get(job.id)) ?? '';
    entrySignature = game.entries[0]?.signature ?? '';
    const at = new Date(clock.now());
    await target.db.insert(ipAddresses).values(
      ['198.51.100.77', '2001:db8::4242', 'lit_ip%1', 'litXipZ1'].map((ipAddress) => ({
        ipAddress,
        firstSeen: at,
        lastSeen: at,
      })),
    );
  });

  it.each(FORMS)('§2 a wallet by its address: %s', async (_, form) => {
    const found = await listWallets(target.db, { search: form(winner) });
    expect(found.items.map((w) => w.wallet_address)).toEqual([winner]);
    const games = await listGames(target.db, { search: form(loser) });
    expect(games.items.map((g) => g.id)).toEqual([gameId]);
    const txs = await listTransactions(target.db, { search: form(winner) });
    expect(txs.items.map((t) => t.type).sort()).toEqual(['entry_fee', 'winner_payout']);
  });

  it.each(FORMS)('§2 a transaction by its signature: %s', async (_, form) => {
    const payout = await listTransactions(target.db, { search: form(payoutSignature) });
    expect(payout.items.map((t) => t.transaction_signature)).toEqual([payoutSignature]);
    const entry = await listTransactions(target.db, { search: form(entrySignature) });
    expect(entry.items.map((t) => [t.type, t.game_id])).toEqual([['entry_fee', gameId]]);
    expect((await listGames(target.db, { search: form(entrySignature) })).items.map((g) => g.id)).toEqual([
      gameId,
    ]);
    expect((await listGames(target.db, { search: form(payoutSignature) })).items.map((g) => g.id)).toEqual([
      gameId,
    ]);
    expect(
      (await listWallets(target.db, { search: form(payoutSignature) })).items.map((w) => w.wallet_address),
    ).toEqual([winner]);
  });

  it.each(FORMS)('§2 a game by its id: %s (upper case too)', async (_, form) => {
    for (const term of [form(gameId), form(gameId).toUpperCase()]) {
      expect((await listGames(target.db, { search: term })).items.map((g) => g.id)).toEqual([gameId]);
      const txs = await listTransactions(target.db, { search: term });
      expect(txs.items.map((t) => t.type).sort()).toEqual([
        'commission',
        'entry_fee',
        'entry_fee',
        'winner_payout',
      ]);
      const wallets = await listWallets(target.db, { search: term });
      expect(wallets.items.map((w) => w.wallet_address).sort()).toEqual([winner, loser].sort());
    }
  });

  it('§2 an IP by its start, its end or its shortened form', async () => {
    for (const term of ['198.51.100', '51.100.77', '198.5...00.77', '2001:db8', ':4242']) {
      const ips = (await listIps(target.db, { search: term })).items.map((i) => i.ipAddress);
      expect(ips, term).toHaveLength(1);
      expect(['198.51.100.77', '2001:db8::4242']).toContain(ips[0]);
    }
  });

  it('fewer than 4 characters are refused with a clear message, never a scan of the history', async () => {
    for (const term of ['abc', ' ab ', 'a...b', 'ab…c']) {
      for (const list of [listTransactions, listGames, listWallets, listIps] as const) {
        await expect(list(target.db, { search: term })).rejects.toThrow(SEARCH_TOO_SHORT);
      }
    }
    // Blank is no search at all: the whole list.
    expect((await listGames(target.db, { search: '   ' })).items.length).toBeGreaterThan(0);
  });

  it("LIKE's wildcards in the term are literal characters", async () => {
    for (const term of ['%%%%', '____', '\\\\\\\\']) {
      expect((await listTransactions(target.db, { search: term })).items, term).toEqual([]);
      expect((await listGames(target.db, { search: term })).items, term).toEqual([]);
      expect((await listWallets(target.db, { search: term })).items, term).toEqual([]);
      expect((await listIps(target.db, { search: term })).items, term).toEqual([]);
    }
    const ips = async (term: string) =>
      (await listIps(target.db, { search: term })).items.map((i) => i.ipAddress);
    expect(await ips('lit_ip')).toEqual(['lit_ip%1']);
    expect(await ips('ip%1')).toEqual(['lit_ip%1']);
    expect(await ips('lit_ip%')).toEqual(['lit_ip%1']);
  });

  it('the plans on a large history read the search indexes, not the whole tables', async () => {
    // Enough rows that a sequential scan would cost more than the index: the planner must choose the index.
    await target.db.execute(sql`
      INSERT INTO transactions (type, wallet_address, amount_lamports, transaction_signature, created_at)
      SELECT 'entry_fee', 'W' || md5(i::text) || 'x', 1000, md5('s' || i) || md5('t' || i),
             now() - i * interval '1 minute'
      FROM generate_series(1, 20000) i`);
    await target.db.execute(sql`
      INSERT INTO games (mode, player1_wallet, player2_wallet, created_at)
      SELECT 'tiny_tuna', 'A' || md5(i::text), 'B' || md5(i::text), now() - i * interval '1 minute'
      FROM generate_series(1, 20000) i`);
    await target.db.execute(sql`
      INSERT INTO ip_addresses (ip_address)
      SELECT '10.' || (i / 65536) || '.' || (i / 256 % 256) || '.' || (i % 256) FROM generate_series(1, 20000) i`);
    await target.db.execute(sql`ANALYZE`);

    const plan = async (statement: SQL) => {
      const result = await target.db.execute<Record<string, string>>(sql`EXPLAIN ${statement}`);
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    };
    const expectIndexes = (text: string, indexes: string[], tables: string[]) => {
      for (const index of indexes) expect(text, `${index} in\n${text}`).toMatch(new RegExp(`\\b${index}\\b`));
      for (const table of tables)
        expect(text, `no full scan of ${table} in\n${text}`).not.toMatch(
          new RegExp(`Seq Scan on ${table}\\b`),
        );
    };
    const tables = ['transactions', 'games'];
    // A start may also be read through the column's plain btree where the collation is "C" (PGlite's).
    const IDX = {
      prefix: ['prefix_idx', 'created_at_idx'],
      suffix: ['suffix_idx'],
      shortened: ['prefix_idx', 'suffix_idx', 'created_at_idx'],
    };
    const any = (name: string, ends: string[]) => `${name}_(${ends.join('|')})`;
    for (const [form, term] of [
      ['prefix', winner.slice(0, 6)],
      ['suffix', winner.slice(-6)],
      ['shortened', shortenAddress(winner)],
    ] as const) {
      const ends = IDX[form];
      const txs = await plan(transactionsListStatement(target.db, { search: term }));
      expectIndexes(txs, [any('transactions_wallet', ends), any('transactions_signature', ends)], tables);
      const games = await plan(gamesListStatement(target.db, { search: term }));
      expectIndexes(games, [any('games_player1', ends), any('games_player2', ends)], tables);
      const wallets = await plan(walletsListStatement({ search: term }));
      expectIndexes(wallets, [any('transactions_wallet', ends), any('games_player1', ends)], tables);
    }
    for (const [form, term] of [
      ['prefix', gameId.slice(0, 8)],
      ['suffix', gameId.slice(-8)],
      ['shortened', shortenAddress(gameId)],
    ] as const) {
      const ids = any('games_id', IDX[form]);
      expectIndexes(await plan(gamesListStatement(target.db, { search: term })), [ids], tables);
      expectIndexes(await plan(transactionsListStatement(target.db, { search: term })), [ids], tables);
    }
    expectIndexes(
      await plan(ipsListStatement(target.db, { search: '10.0.7' })),
      ['ip_addresses_ip_prefix_idx'],
      ['ip_addresses'],
    );
    expectIndexes(
      await plan(ipsListStatement(target.db, { search: '.7.77' })),
      ['ip_addresses_ip_suffix_idx'],
      ['ip_addresses'],
    );
    // And the searches still answer what they answered on the small history.
    expect((await listWallets(target.db, { search: shortenAddress(winner) })).items).toHaveLength(1);
  }, 120_000);
});
