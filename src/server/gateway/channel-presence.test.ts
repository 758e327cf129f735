import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConnectOptions,
  connectPlayer,
  matchPractice,
  type TestPlayer,
} from '../../../test/support/player-client.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { sleep, until } from '../../../test/support/until.ts';
import { createFakeClock } from '../../common/clock.ts';
import { PADDLE_MAX_Y, TICK_MS } from '../../common/game/constants.ts';
import { ERROR_MESSAGES } from '../../common/protocol.ts';
import { CHANNEL_LIMITS } from './limits.ts';

/**
 * A socket's wallet is the signed-in one, connect and presence reach every socket, and there is no way to
 * move the other player's paddle, over real sockets on the whole product.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CENTRE_Y = 300;

describe('connect, presence and identity on the game channel', () => {
  const clock = createFakeClock();
  let server: TestServer;
  let a: TestPlayer;
  let b: TestPlayer;
  let c: TestPlayer;
  const sockets: TestPlayer[] = [];

  const connect = async (options: ConnectOptions = {}) => {
    const player = await connectPlayer(server.url, options);
    sockets.push(player);
    return player;
  };

  async function play(ms: number) {
    for (let i = 0; i < ms / TICK_MS; i++) {
      clock.advance(TICK_MS);
      server.game.game.tick();
      if (i % 4 === 0) await sleep(1);
    }
    await sleep(1);
  }

  beforeAll(async () => {
    server = await startTestServer({ clock });
    [a, b, c] = await Promise.all([connect({}), connect({}), connect({})]);
  });
  afterAll(async () => {
    for (const p of sockets) p.socket.terminate();
    await server?.stop();
  });

  it('connect: answers { connect, id, sessionId, playersOnline }; a sessionId of a sane shape is echoed, another replaced; ping → pong with its timestamp', async () => {
    const tab = await connect({ sessionId: 'tab-1234_ABCD' });
    tab.send({ type: 'connect', timestamp: 1 });
    const hello = await tab.next('connect');
    expect(hello).toEqual({
      type: 'connect',
      id: expect.stringMatching(UUID),
      sessionId: 'tab-1234_ABCD',
      playersOnline: expect.any(Number),
    });
    expect(hello.playersOnline).toBeGreaterThanOrEqual(4);
    expect((await tab.next('queueUpdate')).queueLengths).toMatchObject({ practice: 0 });

    for (const odd of ['<script>', 'short', 'x'.repeat(65)]) {
      const other = await connect({ sessionId: odd });
      other.send({ type: 'connect' });
      const reply = await other.next('connect');
      expect(reply.sessionId).toMatch(UUID);
      expect(reply.id).not.toBe(hello.id);
    }

    tab.send({ type: 'ping', timestamp: 1234.5, isHeartbeat: true });
    expect(await tab.next('pong')).toEqual({ type: 'pong', timestamp: 1234.5, serverTime: clock.now() });
  });

  it('queueUpdate { queueLengths, playersOnline } is pushed to every socket when they change, coalesced', async () => {
    const observer = await connect();
    await sleep(CHANNEL_LIMITS.presenceBroadcastMs * 2); // the push for the observer itself is out
    const online = server.game.channel.presence.playersOnline();
    const pushesBefore = observer.all('queueUpdate').length;

    const started = Date.now();
    const crowd = await Promise.all(Array.from({ length: 10 }, () => connect()));
    await until(() => observer.all('queueUpdate').at(-1)?.playersOnline === online + 10);
    const elapsed = Date.now() - started;
    await sleep(CHANNEL_LIMITS.presenceBroadcastMs * 2); // nothing changes any more: nothing more is pushed
    const pushes = observer.all('queueUpdate').slice(pushesBefore);
    // Ten sockets opening at once: a push or two, not ten; never more than one per interval.
    expect(pushes.length).toBeGreaterThanOrEqual(1);
    expect(pushes.length).toBeLessThan(10);
    expect(pushes.length).toBeLessThanOrEqual(Math.ceil(elapsed / CHANNEL_LIMITS.presenceBroadcastMs) + 1);
    expect(pushes.at(-1)!.playersOnline).toBe(online + 10);
    for (const member of crowd) expect(member.all('queueUpdate').at(-1)?.playersOnline).toBe(online + 10);

    // Closing them is pushed the same way.
    for (const member of crowd) member.close();
    await until(() => observer.all('queueUpdate').at(-1)?.playersOnline === online);
    expect(observer.all('queueUpdate').slice(pushesBefore).length).toBeLessThanOrEqual(pushes.length + 3);

    // A search starting and ending changes a queue length: every socket hears of it, nothing more.
    const queueUpdates = observer.all('queueUpdate').length;
    a.send({ type: 'findMatch', gameMode: 'practice' });
    await a.next('joinQueue');
    await until(() => observer.all('queueUpdate').at(-1)?.queueLengths.practice === 1);
    await until(() => b.all('queueUpdate').at(-1)?.queueLengths.practice === 1);
    a.send({ type: 'cancelSearch' });
    expect(await a.next('cancelSearch')).toMatchObject({ success: true });
    await until(() => observer.all('queueUpdate').at(-1)?.queueLengths.practice === 0);
    expect(observer.all('queueUpdate').length - queueUpdates).toBeLessThanOrEqual(2);
    expect(observer.all('queueUpdate').at(-1)?.playersOnline).toBe(online);
  });

  it('a socket without a session is refused at the handshake with 401, a forged cookie too: nothing unsigned can search', async () => {
    await expect(connect({ signedIn: false })).rejects.toThrow('handshake refused: 401');
    await expect(connect({ signedIn: { wallet: a.wallet, cookie: 'pong_session=forged' } })).rejects.toThrow(
      'handshake refused: 401',
    );
    expect(server.game.game.queueLengths().practice).toBe(0);
  });

  it('a message naming another wallet than the signed-in one gets an error and changes nothing; a second socket of one wallet is still one queue entry', async () => {
    c.send({ type: 'findMatch', gameMode: 'practice', walletAddress: a.wallet.address });
    expect((await c.next('error')).data).toEqual({
      message: ERROR_MESSAGES.walletMismatch,
      code: 'wallet_mismatch',
    });
    c.send({ type: 'connect', walletAddress: b.wallet.address, displayName: 'Mallory' });
    expect((await c.next('error')).data.message).toBe(ERROR_MESSAGES.walletMismatch);
    expect(c.all('connect')).toEqual([]);
    expect(c.all('joinQueue')).toEqual([]);
    expect(server.game.game.queueLengths().practice).toBe(0);

    // Its own wallet, named or not, is fine; a second tab of the same wallet does not add an entry.
    c.send({ type: 'findMatch', gameMode: 'practice', walletAddress: c.wallet.address });
    expect(await c.next('joinQueue')).toMatchObject({ queueType: 'practice', queuePosition: 1 });
    const secondTab = await connect({ signedIn: { wallet: c.wallet, cookie: c.cookie } });
    secondTab.send({ type: 'findMatch', gameMode: 'practice' });
    expect((await secondTab.next('error')).data.message).toBe(ERROR_MESSAGES.alreadySearching);
    expect(server.game.game.queueLengths().practice).toBe(1);
    c.send({ type: 'cancelSearch' });
    expect(await c.next('cancelSearch')).toMatchObject({ success: true });
    expect(server.game.game.queueLengths().practice).toBe(0);
  });

  it("display name: 'Player-' + the wallet's first 4 characters when none is given ('none' and 'unnamed' count as none), seen by the opponent", async () => {
    a.send({ type: 'connect', walletAddress: a.wallet.address, displayName: 'none' });
    b.send({ type: 'connect', displayName: 'unnamed' });
    await Promise.all([a.next('connect'), b.next('connect')]);
    await matchPractice(a, b);
    expect(a.all('matched').at(-1)!.data.opponentName).toBe(`Player-${b.wallet.address.slice(0, 4)}`);
    expect(b.all('matched').at(-1)!.data.opponentName).toBe(`Player-${a.wallet.address.slice(0, 4)}`);
  });

  it("a paddleMove moves only the sender's own paddle; a third socket naming the game gets 'You are not in this game' and moves nothing", async () => {
    const matched = a.all('matched').at(-1)!;
    const { gameId } = matched;
    const seatOfA = matched.playerIndex;
    const seatOfB = seatOfA === 0 ? 1 : 0;
    // A names B's game (it is the same game): only A's seat can be meant, the protocol has no seat field.
    // Each player is told where the other's paddle went (opponentPaddle) while it moves.
    const toldA = a.all('opponentPaddle').length;
    a.send({ type: 'paddleMove', gameId, position: 100 });
    await play(1_000);
    expect(b.all('opponentPaddle').at(-1)?.y).toBe(100);
    expect(a.all('opponentPaddle').slice(toldA)).toEqual([]);
    a.send({ type: 'paddleMove', gameId, position: 100, playerIndex: seatOfB });
    expect((await a.next('error')).data.message).toMatch(/^Invalid message: .*playerIndex/);

    for (const position of [PADDLE_MAX_Y, 0, 550]) c.send({ type: 'paddleMove', gameId, position });
    for (let i = 0; i < 3; i++) {
      expect((await c.next('error')).data).toEqual({
        message: ERROR_MESSAGES.notInGame,
        code: 'not_in_game',
      });
    }
    c.send({ type: 'forceDisconnect', gameId });
    c.send({ type: 'exit', gameId });
    await play(3_000);
    // A keyframe (every 3 s) shows both paddles where they were: C moved neither.
    const after = a.all('gameState').at(-1)!.data;
    expect(after.paddlePositions[seatOfA]).toBe(100);
    expect(after.paddlePositions[seatOfB]).toBe(CENTRE_Y);
    expect(a.all('opponentPaddle').slice(toldA)).toEqual([]);
    expect(after.gameState).not.toBe('gameOver');
    expect(a.all('gameOver')).toEqual([]);
    expect(b.all('error')).toEqual([]);
  });
});
