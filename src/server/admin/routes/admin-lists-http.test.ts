import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { confirmDuePayouts, newWallet, playGame } from '../../../../test/support/admin-fixtures.ts';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { SEARCH_TOO_SHORT } from '../../../common/admin-search-term.ts';
import { ipAddresses, walletIpAssociations } from '../../db/schema/index.ts';
import { BAN_ACTION_ERRORS } from '../queries/ban-actions.ts';
import { type AdminBed, signedIn, startAdminApp } from '../test-support/admin-app-bed.ts';
import { GAME_NOT_FOUND } from './detail-routes.ts';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

describeEachDatabase('admin lists, search and paging over HTTP', (target) => {
  let h: AdminBed;
  let cookie: string;
  const get = (url: string) => h.app.inject({ url: `/api/admin${url}`, headers: { cookie } });
  const page = async <T>(url: string): Promise<Page<T>> => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as Page<T>;
  };

  let winner: string;
  let loser: string;
  let gameId: string;
  let entrySignature: string;

  beforeAll(async () => {
    h = await startAdminApp(target.db);
    [winner, loser] = [await newWallet(), await newWallet()];
    const game = await playGame(target.db, h.clock, {
      winner,
      loser,
      mode: 'tiny_tuna',
      ips: ['203.0.113.20', '203.0.113.21'],
    });
    await confirmDuePayouts(target.db, h.clock);
    gameId = game.gameId;
    entrySignature = game.entries[1]?.signature ?? '';
    await target.db.insert(walletIpAssociations).values({ walletAddress: loser, ipAddress: '203.0.113.21' });
    ({ cookie } = await signedIn(h, target.db));
    return () => h.app.close();
  });

  it('search: a game by its id, a transaction by its signature, a wallet by its address', async () => {
    const games = await page<{ id: string; winner: string }>(`/games?search=${gameId}`);
    expect(games.items.map((g) => g.id)).toEqual([gameId]);
    expect(games.items[0]?.winner).toBe(winner);

    const txs = await page<{ transaction_signature: string; wallet_address: string; game_id: string }>(
      `/transactions?search=${entrySignature}`,
    );
    expect(txs.items).toHaveLength(1);
    expect(txs.items[0]).toMatchObject({
      transaction_signature: entrySignature,
      wallet_address: loser,
      game_id: gameId,
    });

    const wallets = await page<{ wallet_address: string; transaction_count: number }>(
      `/wallets?search=${loser}`,
    );
    expect(wallets.items.map((w) => w.wallet_address)).toEqual([loser]);
    expect(wallets.items[0]?.transaction_count).toBe(1);
  });

  it('§2 search: 4+ characters of what the screen shows; fewer are refused with 400 and the reason', async () => {
    const byShortId = await page<{ id: string }>(`/games?search=${gameId.slice(0, 4)}...${gameId.slice(-4)}`);
    expect(byShortId.items.map((g) => g.id)).toEqual([gameId]);
    const bySuffix = await page<{ wallet_address: string }>(`/wallets?search=${loser.slice(-7)}`);
    expect(bySuffix.items.map((w) => w.wallet_address)).toEqual([loser]);
    await target.db
      .insert(ipAddresses)
      .values([{ ipAddress: '198.18.7.220' }, { ipAddress: '198.18.7.221' }]);
    const byPrefix = await page<{ ipAddress: string }>('/ips?search=198.18.7.2');
    expect(byPrefix.items.map((i) => i.ipAddress).sort()).toEqual(['198.18.7.220', '198.18.7.221']);
    for (const list of ['transactions', 'games', 'wallets', 'ips']) {
      const res = await get(`/${list}?search=${encodeURIComponent(loser.slice(0, 3))}`);
      expect(res.statusCode, list).toBe(400);
      expect(res.json(), list).toEqual({ error: SEARCH_TOO_SHORT });
    }
  });

  it("a game's own page (its players' IPs too) and a wallet's games: by id (404 when none), and every game of the wallet, paged", async () => {
    const game = await get(`/games/${gameId.toUpperCase()}`);
    expect(game.statusCode).toBe(200);
    // With the address each seat played from, as the match recorded it.
    expect(game.json()).toMatchObject({
      id: gameId,
      player1Wallet: winner,
      player2Wallet: loser,
      player1Ip: '203.0.113.20',
      player2Ip: '203.0.113.21',
    });
    const none = await get(`/games/${randomUUID()}`);
    expect([none.statusCode, none.json()]).toEqual([404, { error: GAME_NOT_FOUND }]);
    expect((await get('/games/not-a-uuid')).statusCode).toBe(400);

    const wallet = await newWallet();
    for (let i = 0; i < 3; i++) {
      await playGame(target.db, h.clock, { winner: await newWallet(), loser: wallet, mode: 'practice' });
    }
    const first = await page<{ id: string }>(`/wallets/${wallet}/games?limit=2`);
    const rest = await page<{ id: string }>(
      `/wallets/${wallet}/games?limit=2&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
    );
    expect([first.items.length, rest.items.length, rest.nextCursor]).toEqual([2, 1, null]);
    expect((await page<{ id: string }>(`/wallets/${loser}/games`)).items.map((g) => g.id)).toEqual([gameId]);
    expect((await get('/wallets/not-an-address/games')).statusCode).toBe(400);
  });

  it('paging: nextCursor walks a list to its end, each row once', async () => {
    const wallet = await newWallet();
    for (let i = 0; i < 3; i++) {
      await playGame(target.db, h.clock, { winner: wallet, loser: await newWallet(), mode: 'practice' });
    }
    const first = await page<{ id: string }>(`/games?search=${wallet}&limit=2`);
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await page<{ id: string }>(
      `/games?search=${wallet}&limit=2&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
    );
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((g) => g.id);
    expect(new Set(ids).size).toBe(3);
    const all = await page<{ id: string }>(`/games?search=${wallet}`);
    expect(ids).toEqual(all.items.map((g) => g.id));
  });

  it('associations both ways and a wallet detail over HTTP', async () => {
    const ips = await page<{ ipAddress: string }>(`/wallets/${loser}/ips`);
    expect(ips.items.map((i) => i.ipAddress)).toEqual(['203.0.113.21']);
    const wallets = await page<{ walletAddress: string }>('/ips/203.0.113.21/wallets');
    expect(wallets.items.map((w) => w.walletAddress)).toEqual([loser]);
    const detail = await get(`/wallets/${winner}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      walletAddress: winner,
      isBanned: false,
      analytics: { totalGames: 1, totalWins: 1 },
      games: { items: [{ id: gameId }] },
    });
  });

  it.each([
    ['/games?cursor=not-a-cursor', 'Invalid cursor'],
    ['/transactions?cursor=WyJ4IiwieSJd', 'Invalid cursor'],
    ['/system-events?severity=bogus', 'severity must be one of critical, error, warning, other'],
    ['/wallets?limit=0', 'limit must be a whole number from 1 to 200'],
    ['/ips?limit=abc', 'limit must be a whole number from 1 to 200'],
    ['/flagged-wallets?unresolved=maybe', 'unresolved must be 1 or 0'],
    ['/wallets/not-a-wallet', BAN_ACTION_ERRORS.invalidWallet],
    ['/wallets/0OIl/ips', BAN_ACTION_ERRORS.invalidWallet],
    ['/ips/999.1.2.3/wallets', BAN_ACTION_ERRORS.invalidIp],
    ['/games/not-a-uuid/replay', 'A valid game id is required'],
  ])('bad input: GET %s is 400 { error }', async (url, error) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error });
  });

  it('an unknown game is 404 { error: Game not found }', async () => {
    const res = await get(`/games/${randomUUID()}/replay`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: GAME_NOT_FOUND });
  });
});
