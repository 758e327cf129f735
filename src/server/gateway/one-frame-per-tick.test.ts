import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPlayer, matchPractice, type TestPlayer } from '../../../test/support/player-client.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { flush } from '../../../test/support/until.ts';
import { createFakeClock } from '../../common/clock.ts';
import { TICK_MS } from '../../common/game/constants.ts';
import { messagesOfFrame, type ServerMessage, serverFrameSchema } from '../../common/protocol.ts';

type ServerFrame = ReturnType<typeof serverFrameSchema.parse>;

/** The server step a message is of, for those that say. */
function tickOf(message: ServerMessage): number | null {
  if (message.type === 'gameState') return message.data.tick ?? null;
  if (message.type === 'ballEvent' || message.type === 'opponentPaddle') return message.tick;
  return null;
}

/**
 * What one server tick sends to one socket goes as one WebSocket frame: a tick that has two messages for a
 * player (the serve's keyframe and its ball event) sends them as one `batch` frame, in order, and no tick's
 * messages are split over two frames. Real server, real sockets, a fake clock.
 */
describe('one frame per socket per tick', () => {
  const clock = createFakeClock();
  let server: TestServer;
  let a: TestPlayer;
  let b: TestPlayer;

  beforeAll(async () => {
    // Every tick is the test's: the runner's timer would also step the matches whenever the fake clock has
    // moved, catching up several ticks in one wake-up (which then go out as one frame, as they should).
    server = await startTestServer({ clock, manualTicks: true });
    [a, b] = await Promise.all([connectPlayer(server.url), connectPlayer(server.url)]);
  });
  afterAll(async () => {
    a?.close();
    b?.close();
    await server?.stop();
  });

  it('a tick’s messages to a socket arrive as one frame, batched in order', async () => {
    for (const p of [a, b]) {
      p.send({ type: 'connect', walletAddress: p.wallet.address });
      await p.next('connect');
    }
    const { gameId } = await matchPractice(a, b);
    const frames: ServerFrame[] = [];
    a.socket.on('message', (data) => frames.push(serverFrameSchema.parse(JSON.parse(data.toString()))));
    // Until the first serve (countdown and GET READY first), then a second of play.
    for (let tick = 0; tick < 20 * 60 && !a.all('ballEvent').some((e) => e.kind === 'serve'); tick++) {
      clock.advance(TICK_MS);
      server.game.game.tick();
      // The tick's frames go out once it has run (a microtask): the next tick is another frame.
      await Promise.resolve();
      if (tick % 4 === 0) await flush();
    }
    for (let tick = 0; tick < 60; tick++) {
      a.send({ type: 'paddleMove', gameId, position: tick % 2 === 0 ? 100 : 500 });
      b.send({ type: 'paddleMove', gameId, position: tick % 2 === 0 ? 500 : 100 });
      await flush();
      clock.advance(TICK_MS);
      server.game.game.tick();
      await Promise.resolve();
    }
    await flush();
    // Each frame holds one tick's messages, and no tick's messages are split over two frames.
    const ticksOfFrames = frames.map(
      (frame) =>
        new Set(
          messagesOfFrame(frame)
            .map(tickOf)
            .filter((t) => t !== null),
        ),
    );
    for (const ticks of ticksOfFrames) expect(ticks.size).toBeLessThanOrEqual(1);
    const all = ticksOfFrames.flatMap((ticks) => [...ticks]);
    expect(new Set(all).size).toBe(all.length);
    const serve = frames.find((f) => f.type === 'batch' && f.messages.some((m) => m.type === 'ballEvent'));
    expect(serve?.type === 'batch' && serve.messages.map((m) => m.type)).toEqual(['gameState', 'ballEvent']);
    expect(a.all('opponentPaddle').length).toBeGreaterThan(0);
  });
});
