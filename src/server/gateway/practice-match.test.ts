import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPlayer, type TestPlayer } from '../../../test/support/player-client.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { flush } from '../../../test/support/until.ts';
import { createFakeClock } from '../../common/clock.ts';
import { TICK_MS } from '../../common/game/constants.ts';
import { type MatchRecord, replayMatch } from '../../common/game/replay.ts';
import { unbatch } from '../../common/protocol.ts';
import { gameSessions, games, queueSessions } from '../db/schema/index.ts';
import { seedHash } from '../game/store/store-keys.ts';

/**
 * A bot that heads, with an offset, for where the ball was last said to be (a keyframe, a serve or a
 * return), so it meets some balls and misses others.
 */
function followBall(player: TestPlayer, index: 0 | 1, gameId: string) {
  player.socket.on('message', (data) => {
    for (const message of unbatch(JSON.parse(data.toString()))) {
      const ballY =
        message.type === 'gameState'
          ? message.data.ballPos.y
          : message.type === 'ballEvent'
            ? message.ball[1]
            : null;
      if (ballY === null) continue;
      const aim = Math.round(ballY + (index === 0 ? 25 : -35));
      player.send({ type: 'paddleMove', gameId, position: aim });
    }
  });
}

describe('a whole practice match over real sockets', () => {
  const clock = createFakeClock();
  let server: TestServer;
  let a: TestPlayer;
  let b: TestPlayer;

  beforeAll(async () => {
    server = await startTestServer({ clock });
    [a, b] = await Promise.all([connectPlayer(server.url), connectPlayer(server.url)]);
  });
  afterAll(async () => {
    a?.close();
    b?.close();
    await server?.stop();
  });

  it('two signed-in players are matched, play to 11, and the result is recorded and replays', async () => {
    for (const p of [a, b]) {
      p.send({ type: 'connect', walletAddress: p.wallet.address, displayName: 'none', timestamp: 1 });
      const hello = await p.next('connect');
      expect(hello.playersOnline).toBeGreaterThanOrEqual(1);
    }
    a.send({ type: 'findMatch', gameMode: 'practice', walletAddress: a.wallet.address });
    expect(await a.next('joinQueue')).toMatchObject({ queueType: 'practice', queuePosition: 1 });
    b.send({ type: 'findMatch', gameMode: 'practice' });
    const [ma, mb] = await Promise.all([a.next('matched'), b.next('matched')]);
    expect(ma.gameId).toBe(mb.gameId);
    expect([ma.playerIndex, mb.playerIndex]).toEqual([0, 1]);
    expect(ma.data).toMatchObject({
      gameMode: 'practice',
      countdownTime: 5,
      opponentName: `Player-${b.wallet.address.slice(0, 4)}`,
    });
    const gameId = ma.gameId;
    followBall(a, 0, gameId);
    followBall(b, 1, gameId);

    for (let i = 0; i < 200_000 && a.all('gameOver').length === 0; i++) {
      clock.advance(TICK_MS);
      server.game.game.tick();
      if (i % 4 === 0) await flush(1);
    }
    const [overA, overB] = await Promise.all([a.next('gameOver'), b.next('gameOver')]);
    expect(overA.gameId).toBe(gameId);
    expect(Math.max(...overA.scores)).toBe(11);
    expect(overA.scores).toEqual(overB.scores);
    expect(overA.winner).toBe(overB.winner);
    expect(overA.finalResult).toBe(overA.winner === 0 ? 'win' : 'loss');
    expect(overB.finalResult).toBe(overB.winner === 1 ? 'win' : 'loss');
    expect(seedHash(overA.seed)).toBe(ma.data.seedHash);

    // The record is written in one transaction when the match ends.
    let row: typeof games.$inferSelect | undefined;
    for (let i = 0; i < 100 && !row; i++) {
      [row] = await server.db.select().from(games).where(eq(games.id, gameId));
      if (!row) await flush(1);
    }
    expect(row).toMatchObject({
      mode: 'practice',
      player1Wallet: a.wallet.address,
      player2Wallet: b.wallet.address,
      completionStatus: 'practice_win',
      finalScore: `${overA.scores[0]}-${overA.scores[1]}`,
      winner: overA.winner === 0 ? a.wallet.address : b.wallet.address,
      rngSeed: overA.seed,
      rngSeedHash: ma.data.seedHash,
    });
    expect(row!.ballHits).toBeGreaterThan(0);
    expect(row!.serverChecksum).toMatch(/^[0-9a-f]{64}$/);
    const [session] = await server.db.select().from(gameSessions).where(eq(gameSessions.id, gameId));
    expect(session).toMatchObject({ status: 'completed', score1: overA.scores[0], score2: overA.scores[1] });
    const entries = await server.db
      .select()
      .from(queueSessions)
      .where(eq(queueSessions.resultingGameId, gameId));
    expect(entries.map((e) => e.status)).toEqual(['matched', 'matched']);

    const replay = replayMatch(row!.recordedInputs as MatchRecord);
    expect(replay.scores).toEqual(overA.scores);
    expect(replay.winner).toBe(overA.winner);
  }, 120_000);
});
