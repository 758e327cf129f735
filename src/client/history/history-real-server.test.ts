import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PayingPlayers, payingPlayers } from '../../../test/support/paying-players.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { flush } from '../../../test/support/until.ts';
import { createFakeClock } from '../../common/clock.ts';
import { TICK_MS } from '../../common/game/constants.ts';
import { getGameMode } from '../../common/game-modes.ts';
import { fetchHistory } from './history-fetch.ts';
import { countByFilter } from './history-filters.ts';
import { groupTransactions } from './history-groups.ts';

const MODE = getGameMode('smol_shrimp');

/** Node's fetch keeps no cookies: this one sends a player's session cookie, as the browser does. */
const withSession =
  (cookie: string): typeof fetch =>
  (url, init) =>
    fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } });

/**
 * The panel's fetch and grouping against the real product: real entry fees on the local chain, a match
 * over real sockets decided by one side leaving, the payout worker paying through the chain, and a paid
 * search cancelled after 10 s and refunded. One fake clock drives the server; nothing sleeps.
 */
describe('the history panel reads the real history route', () => {
  const clock = createFakeClock();
  let server: TestServer;
  let paying: PayingPlayers;

  beforeAll(async () => {
    server = await startTestServer({ clock, noPayoutWorker: true });
    paying = await payingPlayers(server, clock);
  });
  afterAll(async () => {
    for (const p of paying?.connected ?? []) p.close();
    await server?.stop();
  });

  it('a won paid match is one game group (win, payout merged, opponent, score); the loser sees a loss', async () => {
    const a = await paying.fundedPlayer();
    const b = await paying.fundedPlayer();
    a.player.send({
      type: 'findMatch',
      gameMode: MODE.id,
      paymentSignature: await paying.payEntry(a.wallet, MODE.wagerLamports),
    });
    await a.player.next('joinQueue');
    b.player.send({
      type: 'findMatch',
      gameMode: MODE.id,
      paymentSignature: await paying.payEntry(b.wallet, MODE.wagerLamports),
    });
    const { gameId } = await b.player.next('matched');
    await a.player.next('matched');
    for (let i = 0; i < 30; i++) {
      clock.advance(TICK_MS);
      server.game.game.tick();
    }
    b.player.send({ type: 'exit', gameId });
    await flush();
    clock.advance(TICK_MS);
    server.game.game.tick();
    expect((await a.player.next('gameOver')).finalResult).toBe('win');
    await paying.runWorker();
    await a.player.next('transaction_notification'); // a's own entry
    let confirmed = false;
    for (let i = 0; i < 10 && !confirmed; i++) {
      const notice = await a.player.next('transaction_notification');
      confirmed = notice.transaction.type === 'winner_payout' && notice.transaction.status === 'confirmed';
    }
    expect(confirmed).toBe(true);

    const winner = await fetchHistory(a.wallet.address, {
      baseUrl: server.url,
      fetchImpl: withSession(a.player.cookie),
    });
    const won = groupTransactions(winner).find((g) => g.gameId === gameId);
    expect(won).toMatchObject({
      groupType: 'game',
      outcome: 'win',
      gameMode: MODE.id,
      opponent: b.wallet.address,
      // The net result: the 1.5x payout less the entry.
      headline: { lamports: MODE.winLamports - MODE.wagerLamports, signed: true },
    });
    expect(won?.score).toMatch(/^\d+-\d+$/);
    expect(won?.transactions.map((t) => t.type).sort()).toEqual([
      'entry_fee',
      'game_record',
      'winner_payout',
    ]);
    expect(won?.transactions.find((t) => t.type === 'winner_payout')?.status).toBe('confirmed');
    // The payout is merged into its game's group: one game, counted once under each chip that shows it.
    expect(countByFilter(won ? [won] : [])).toEqual({ all: 1, games: 1, wagers: 1, refunds: 0 });

    const loser = groupTransactions(
      await fetchHistory(b.wallet.address, { baseUrl: server.url, fetchImpl: withSession(b.player.cookie) }),
    );
    expect(loser).toHaveLength(1);
    expect(loser[0]).toMatchObject({
      gameId,
      outcome: 'loss',
      headline: { lamports: -MODE.wagerLamports, signed: true },
      opponent: a.wallet.address,
    });
  }, 90_000);

  it('a paid search cancelled after 10 s is one refunded group holding its entry and the 97% refund', async () => {
    const { player, wallet } = await paying.fundedPlayer();
    player.send({
      type: 'findMatch',
      gameMode: MODE.id,
      paymentSignature: await paying.payEntry(wallet, MODE.wagerLamports),
    });
    await player.next('joinQueue');
    clock.advance(10_000);
    player.send({ type: 'cancelSearch' });
    expect((await player.next('cancelSearch')).success).toBe(true);
    await paying.runWorker();

    const rows = await fetchHistory(wallet.address, {
      baseUrl: server.url,
      fetchImpl: withSession(player.cookie),
    });
    const groups = groupTransactions(rows);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ groupType: 'refund', outcome: 'refunded', gameId: null });
    // The cancel's net: the 3% kept of the entry (97% came back).
    expect(groups[0]?.headline).toEqual({ lamports: -(MODE.wagerLamports * 3n) / 100n, signed: true });
    expect(groups[0]?.transactions.map((t) => t.type)).toEqual(['refund', 'entry_fee']);
    expect(countByFilter(groups)).toEqual({ all: 1, games: 0, wagers: 1, refunds: 1 });
  }, 90_000);

  it("a wallet's history is refused signed out (401) and to another signed-in wallet (403)", async () => {
    const owner = await paying.fundedPlayer();
    const stranger = await paying.fundedPlayer();
    const answer = (cookie?: string) =>
      fetch(`${server.url}/api/transactions/history/${owner.wallet.address}`, {
        headers: cookie ? { cookie } : {},
      });
    expect((await answer()).status).toBe(401);
    expect((await answer(stranger.player.cookie)).status).toBe(403);
    expect((await answer(owner.player.cookie)).status).toBe(200);
    await expect(
      fetchHistory(owner.wallet.address, {
        baseUrl: server.url,
        fetchImpl: withSession(stranger.player.cookie),
      }),
    ).rejects.toThrow('Failed to fetch transactions');
  }, 90_000);
});
