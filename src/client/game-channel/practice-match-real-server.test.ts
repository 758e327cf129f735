import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signIn } from '../../../test/support/player-client.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { flush, until } from '../../../test/support/until.ts';
import { createFakeClock } from '../../common/clock.ts';
import { TICK_MS } from '../../common/game/constants.ts';
import { createGameController, type GameController } from '../controller/game-controller.ts';
import { readStats } from '../storage/stats.ts';
import { safeStorageArea } from '../storage/storage-area.ts';
import { createStoredValues, type StoredValues } from '../storage/stored-values.ts';
import { memoryStorage } from '../storage/test-support/memory-storage.ts';
import { createManualTimers } from '../test-support/manual-timers.ts';
import type { SocketLike } from './socket.ts';

interface Player {
  controller: GameController;
  stored: StoredValues;
  address: string;
}

/**
 * The client's channel, reducer and provider engine against the real server: two
 * signed-in players, each through its own GameController over a real `ws` socket carrying the session
 * cookie a browser would send, play a practice match to game over with bots that follow the ball where the client predicts it.
 */
/** Real I/O until the condition holds, with the fake clock standing still. */
const REAL_IO = { timeoutMs: 2_000, intervalMs: 1 };

describe('the client plays a practice match against the real server', () => {
  const clock = createFakeClock();
  const timers = createManualTimers(clock);
  let server: TestServer;
  let players: Player[] = [];

  beforeAll(async () => {
    server = await startTestServer({ clock });
    const url = new URL(server.url);
    players = await Promise.all(
      [0, 1].map(async () => {
        const { wallet, cookie } = await signIn(server.url);
        const [local, session] = [memoryStorage(), memoryStorage()];
        const stored = createStoredValues(
          safeStorageArea(() => local),
          safeStorageArea(() => session),
        );
        const controller = createGameController({
          clock,
          // The fake clock is also the page's monotonic one: the server clock's offset is taken against it.
          monotonicNow: () => clock.now(),
          timers,
          stored,
          page: { protocol: url.protocol, host: url.host },
          // Node 20 has no WebSocket: the `ws` package's, with the cookie and origin a browser would send.
          createSocket: (socketUrl) =>
            new WebSocket(socketUrl, {
              headers: { cookie, origin: url.origin },
              perMessageDeflate: false,
            }) as unknown as SocketLike,
          wallet: () => ({ publicKey: wallet.address, balanceLamports: 0n }),
          dispatchWalletTransaction: () => {},
        });
        return { controller, stored, address: wallet.address };
      }),
    );
  });
  afterAll(async () => {
    for (const p of players) p.controller.dispose();
    await server?.stop();
  });

  it('connects after sign-in, searches, is matched, plays to 11 and shows the game over with stats', async () => {
    const [a, b] = players as [Player, Player];
    for (const p of players) p.controller.setIdentity(true, p.address);
    await until(() => players.every((p) => p.controller.getView().sessionId !== null), {
      what: 'connect replies',
      ...REAL_IO,
    });
    expect(a.stored.sessionId.get()).toBe(a.controller.getView().sessionId);

    a.controller.findMatch('practice');
    timers.advance(50);
    await until(() => a.controller.getView().playersOnline >= 2 && a.controller.getView().searching, {
      what: 'a search',
      ...REAL_IO,
    });
    b.controller.findMatch('practice');
    timers.advance(50);
    await until(() => players.every((p) => p.controller.getView().state === 'countdown'), {
      what: 'matched',
      ...REAL_IO,
    });
    const gameId = a.controller.getView().gameId;
    expect(gameId).not.toBeNull();
    expect(b.controller.getView().gameId).toBe(gameId);
    expect([a.controller.getView().playerIndex, b.controller.getView().playerIndex].sort()).toEqual([0, 1]);
    expect(a.stored.currentGameId.get()).toBe(gameId);

    const offsets = [25, -35];
    const over = () => players.every((p) => p.controller.getView().gameOver !== null);
    for (let tick = 0; tick < 200_000 && !over(); tick++) {
      timers.advance(TICK_MS);
      server.game.game.tick();
      players.forEach((p, i) => {
        // Where the game loop would draw the ball: predicted at the estimated server time.
        const offset = p.controller.match.serverOffsetMs();
        const seat = p.controller.getView().playerIndex;
        const drawn =
          offset === null ? null : p.controller.match.prediction.draw(clock.now() + offset, seat, null);
        if (drawn) p.controller.paddleMove(drawn.ballY + (offsets[i] ?? 0));
      });
      if (tick % 4 === 0) await flush(1);
    }
    await until(over, { what: 'both game overs', ...REAL_IO });

    const [va, vb] = [a.controller.getView(), b.controller.getView()];
    expect(va.state).toBe('gameOver');
    expect(Math.max(...(va.gameOver?.scores ?? [0]))).toBe(11);
    expect(va.gameOver?.scores).toEqual(vb.gameOver?.scores);
    expect([va.gameOver?.outcome, vb.gameOver?.outcome].sort()).toEqual(['lose', 'win']);
    const winner = va.gameOver?.outcome === 'win' ? a : b;
    const loser = winner === a ? b : a;
    // SPEC §4: the stored game id is cleared at game over and the stats are applied once.
    for (const p of players) expect(p.stored.currentGameId.get()).toBeNull();
    expect(readStats(winner.stored)).toEqual({ totalWins: 1, currentStreak: 1, bestStreak: 1 });
    expect(readStats(loser.stored)).toEqual({ totalWins: 0, currentStreak: 0, bestStreak: 0 });
    // The pings were answered: the connection has a latency reading (in fake time, so not its quality).
    expect(a.controller.getSnapshot().connection.status).toBe('open');
    expect(a.controller.getSnapshot().connection.pingMs).not.toBeNull();

    // MAIN MENU: back to the lobby with the socket still open.
    a.controller.exit();
    expect(a.controller.getView()).toMatchObject({ state: 'waiting', gameId: null, connected: true });
  }, 180_000);
});
