import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConnectOptions,
  connectPlayer,
  matchPractice,
  type TestPlayer,
} from '../../../test/support/player-client.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { flush } from '../../../test/support/until.ts';
import { createFakeClock } from '../../common/clock.ts';
import { TICK_MS } from '../../common/game/constants.ts';
import { CLOSE_CODES, ERROR_MESSAGES } from '../../common/protocol.ts';
import { CHANNEL_LIMITS } from './limits.ts';

/**
 * The channel's hardening over real sockets on the whole product: a handshake from an origin that is not
 * allowed is refused; an oversized frame closes the socket, a flood is rate-limited then closed, and bad
 * input gets an error reply and no crash. Time is a
 * fake clock: rate limits refill only when the test advances it, so every count below is exact. Through
 * every abuse, a practice match between two other players keeps running (`expectMatchCarriesOn`).
 */

describe('game channel hardening: disallowed origins, oversized frames, floods and bad input', () => {
  const clock = createFakeClock();
  let server: TestServer;
  let a: TestPlayer;
  let b: TestPlayer;
  let gameId: string;
  let target = 150;
  /** Errors A was sent on purpose (its bad frames); any other is the match being disturbed. */
  let errorsOfA = 0;
  const others: TestPlayer[] = [];

  /** Runs the match for `ms` of game time: the clock moves, the match ticks, sockets flow. */
  async function play(ms: number) {
    for (let i = 0; i < ms / TICK_MS; i++) {
      clock.advance(TICK_MS);
      server.game.game.tick();
      if (i % 4 === 0) await flush(1);
    }
    await flush(1);
  }

  /**
   * The A–B match still ticks to both players (B is told where A's paddle went: it followed A's move) and
   * neither got an error.
   */
  async function expectMatchCarriesOn() {
    const before = b.all('opponentPaddle').length;
    target = target === 150 ? 450 : 150;
    a.send({ type: 'paddleMove', gameId, position: target });
    await play(1_000);
    const reports = b.all('opponentPaddle');
    expect(reports.length).toBeGreaterThan(before);
    expect(reports.at(-1)?.y).toBe(target);
    expect(a.all('gameState').at(-1)?.gameId).toBe(gameId);
    expect(a.all('error')).toHaveLength(errorsOfA);
    expect(b.all('error')).toEqual([]);
    expect(a.socket.readyState).toBe(a.socket.OPEN);
    expect(b.socket.readyState).toBe(b.socket.OPEN);
  }

  /** Resolves once the server has handled everything `player` sent before (a reply that costs no message token). */
  async function synced(player: TestPlayer) {
    player.send({ type: 'paddleMove', gameId: randomUUID(), position: 1 });
    while ((await player.next('error')).data.message !== ERROR_MESSAGES.notInGame);
  }

  const connectOther = async (options: ConnectOptions = {}) => {
    const player = await connectPlayer(server.url, options);
    others.push(player);
    return player;
  };

  beforeAll(async () => {
    server = await startTestServer({ clock });
    [a, b] = await Promise.all([connectPlayer(server.url), connectPlayer(server.url)]);
    const match = await matchPractice(a, b);
    gameId = match.gameId;

    await play(500);
  });
  afterAll(async () => {
    for (const p of [a, b, ...others]) p?.socket.terminate();
    await server?.stop();
  });

  it('non-JSON, an unknown type, wrong field types, unknown fields and a binary frame each get an error, change nothing, and the socket still answers ping', async () => {
    const before = a.all('gameState').at(-1)!.data.paddlePositions;
    const searches = a.all('joinQueue').length;
    const bad: Array<[string | Buffer, RegExp]> = [
      ['{"type":"paddleMove",', /^Invalid message: not JSON$/],
      [JSON.stringify({ type: 'teleport', position: 10 }), /^Unknown message type$/],
      [JSON.stringify({ position: 10 }), /^Unknown message type$/],
      [JSON.stringify({ type: 'paddleMove', gameId, position: '10' }), /^Invalid message: .* at position$/],
      [JSON.stringify({ type: 'paddleMove', gameId: 42, position: 10 }), /^Invalid message: .* at gameId$/],
      [
        JSON.stringify({ type: 'paddleMove', gameId, position: 10, playerIndex: 1 }),
        /^Invalid message: .*playerIndex/,
      ],
      [JSON.stringify({ type: 'findMatch', gameMode: 'practice', wager: 1 }), /^Invalid message: .*wager/],
      [JSON.stringify({ type: 'findMatch', gameMode: 'jackpot' }), /^Invalid message: .* at gameMode$/],
      [Buffer.from([0x7b, 0x00, 0xff]), /^Invalid message: binary frames are not accepted$/],
    ];
    for (const [frame, expected] of bad) {
      if (typeof frame === 'string') a.send(frame);
      else a.socket.send(frame, { binary: true });
      expect((await a.next('error')).data.message).toMatch(expected);
    }
    errorsOfA = bad.length;
    a.send({ type: 'ping', timestamp: 12345 });
    expect(await a.next('pong')).toMatchObject({ type: 'pong', timestamp: 12345 });
    await play(300);
    // Nothing moved and nothing queued: the paddles stayed where they were and no search started.
    expect(a.all('gameState').at(-1)!.data.paddlePositions).toEqual(before);
    expect(a.all('joinQueue')).toHaveLength(searches);
    expect(server.game.game.queueLengths().practice).toBe(0);
    await expectMatchCarriesOn();
  });

  it('a frame just under 16 KB is only an error; one byte over, or 1 MB, closes the socket with 1009', async () => {
    const near = await connectOther();
    const padding = 'x'.repeat(CHANNEL_LIMITS.maxPayloadBytes - 100);
    near.send(JSON.stringify({ type: 'ping', timestamp: 1, padding }));
    expect((await near.next('error')).data.message).toMatch(/^Invalid message: .*padding/);
    const justOver = JSON.stringify({ type: 'ping', timestamp: 1, padding: '' });
    near.send(
      justOver.replace('""', `"${'x'.repeat(CHANNEL_LIMITS.maxPayloadBytes + 1 - justOver.length)}"`),
    );
    expect((await near.closed).code).toBe(CLOSE_CODES.messageTooBig);

    const huge = await connectOther();
    huge.send(JSON.stringify({ type: 'ping', timestamp: 1, padding: 'x'.repeat(1024 * 1024) }));
    expect((await huge.closed).code).toBe(CLOSE_CODES.messageTooBig);
    await expectMatchCarriesOn();
  });

  it("a flood of other messages gets one 'Rate limit exceeded', then a close with 1008", async () => {
    const flooder = await connectOther();
    for (let i = 0; i < 500; i++) flooder.send({ type: 'ping', timestamp: i });
    const { code, reason } = await flooder.closed;
    expect({ code, reason }).toEqual({
      code: CLOSE_CODES.policyViolation,
      reason: ERROR_MESSAGES.rateLimited,
    });
    // The burst was answered, then one error (the clock did not move, so no second one), then the close.
    expect(flooder.all('pong')).toHaveLength(CHANNEL_LIMITS.messageBurst);
    expect(flooder.all('error').map((e) => e.data.message)).toEqual([ERROR_MESSAGES.rateLimited]);
    await expectMatchCarriesOn();
  });

  it("a moderate overload gets 'Rate limit exceeded' at most once a second and is not closed", async () => {
    const eager = await connectOther();
    const limited = () => eager.all('error').filter((e) => e.data.message === ERROR_MESSAGES.rateLimited);
    const errorTimes: number[] = [];
    // 30 pings a second for 6 s against 20 a second: about 10 refused a second, under the sustained threshold.
    for (let step = 0; step < 60; step++) {
      const before = limited().length;
      for (let i = 0; i < 3; i++) eager.send({ type: 'ping', timestamp: step });
      await synced(eager);
      if (limited().length > before) errorTimes.push(clock.now());
      clock.advance(100);
    }
    expect(errorTimes.length).toBeGreaterThanOrEqual(3);
    expect(limited()).toHaveLength(errorTimes.length); // never two in one step
    for (let i = 1; i < errorTimes.length; i++)
      expect(errorTimes[i]! - errorTimes[i - 1]!).toBeGreaterThanOrEqual(
        CHANNEL_LIMITS.rateLimitErrorEveryMs,
      );
    // The allowance was served: the burst plus 20 a second.
    expect(eager.all('pong').length).toBeGreaterThan(CHANNEL_LIMITS.messageBurst + 5.5 * 20);
    expect(eager.all('pong').length).toBeLessThan(180);
    eager.send({ type: 'ping', timestamp: -1 });
    await play(200);
    expect(eager.socket.readyState).toBe(eager.socket.OPEN);
    await expectMatchCarriesOn();
  });

  it('paddle moves at 100 a second for 3 s are never limited; a paddle flood far beyond 120 a second is, then closed with 1008', async () => {
    const [c, d] = await Promise.all([connectOther({}), connectOther({})]);
    const match = await matchPractice(c, d);
    for (let step = 0; step < 30; step++) {
      for (let i = 0; i < 10; i++)
        c.send({ type: 'paddleMove', gameId: match.gameId, position: step % 2 === 0 ? 100 + i : 500 - i });
      c.send({ type: 'ping', timestamp: step });
      await c.next('pong');
      await play(100);
    }
    expect(c.all('error')).toEqual([]);
    await play(1_000);
    // Every move was taken: the paddle ends at the last target sent (step 29: 500 − 9), as D is told.
    expect(d.all('opponentPaddle').at(-1)?.y).toBe(491);

    for (let i = 0; i < 1_000; i++) c.send({ type: 'paddleMove', gameId: match.gameId, position: i % 500 });
    const { code } = await c.closed;
    expect(code).toBe(CLOSE_CODES.policyViolation);
    expect(c.all('error').map((e) => e.data.message)).toEqual([ERROR_MESSAGES.rateLimited]);
    await expectMatchCarriesOn();
  });

  it('a handshake from an origin not allowed is refused with 403 and opens no socket; no Origin (not a browser) is allowed', async () => {
    const sockets = server.app.websocketServer.clients.size;
    await expect(
      connectPlayer(server.url, { signedIn: false, origin: 'https://evil.example' }),
    ).rejects.toThrow('handshake refused: 403');
    await expect(connectPlayer(server.url, { signedIn: false, origin: 'null' })).rejects.toThrow(
      'handshake refused: 403',
    );
    expect(server.app.websocketServer.clients.size).toBe(sockets);

    const script = await connectOther({ origin: null });
    script.send({ type: 'ping', timestamp: 5 });
    expect(await script.next('pong')).toMatchObject({ timestamp: 5 });
    const page = await connectOther();
    page.send({ type: 'ping', timestamp: 6 });
    expect(await page.next('pong')).toMatchObject({ timestamp: 6 });
  });

  it('no per-message compression by default (WS_COMPRESSION off): an offer gets no extension back', async () => {
    const offering = await connectOther({ ws: { perMessageDeflate: true } });
    expect(offering.handshakeHeaders['sec-websocket-extensions']).toBeUndefined();
    expect(offering.socket.extensions).toBe('');
    offering.send({ type: 'ping', timestamp: 9 });
    expect(await offering.next('pong')).toMatchObject({ timestamp: 9 });
  });
});
