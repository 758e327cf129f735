import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { createMatchBed, playWithBots, SEED } from '../../../../test/support/match-bed.ts';
import { replayMatch } from '../../../common/game/replay.ts';
import { DEFAULT_COUNTDOWN_SECONDS } from '../../../common/rules.ts';
import { recordPlayedMatch } from '../../game/store/test-support/record-played-match.ts';
import type { AdminGameReplay } from '../queries/game-replay.ts';
import { type AdminBed, signedIn, startAdminApp } from '../test-support/admin-app-bed.ts';

/** Bot 1 misses two rallies in three, bot 0 the third: both score, and bot 0 reaches 11 first. */
const script = (seat: 0 | 1, played: number) => (seat === 0 ? played % 3 === 2 : played % 3 !== 2);

describeEachDatabase('GET /api/admin/games/:id/replay', (target) => {
  let admin: AdminBed;
  let cookie: string;
  const replayOf = async (gameId: string) => {
    const res = await admin.app.inject({ url: `/api/admin/games/${gameId}/replay`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminGameReplay;
  };
  const seatOf = (winner: AdminGameReplay['recorded']['winner']) =>
    winner === 'player1' ? 0 : winner === 'player2' ? 1 : null;

  beforeAll(async () => {
    admin = await startAdminApp(target.db);
    ({ cookie } = await signedIn(admin, target.db));
    return () => admin.app.close();
  });

  it('disputes: a match played to 11 and recorded replays from its stored record to the recorded score and winner', async () => {
    const h = createMatchBed({ countdownSeconds: DEFAULT_COUNTDOWN_SECONDS });
    playWithBots(h, script);
    const result = await recordPlayedMatch(target.db, h);

    const replay = await replayOf(result.id);
    expect(replay.game).toMatchObject({
      id: result.id,
      finalScore: `${result.scores[0]}-${result.scores[1]}`,
    });
    expect(replay.recorded).toEqual({
      player1Score: result.scores[0],
      player2Score: result.scores[1],
      winner: 'player1',
    });
    expect(replay.record).toMatchObject({ seed: SEED, countdownSeconds: DEFAULT_COUNTDOWN_SECONDS });
    expect(replay.record?.inputs.length).toBeGreaterThan(10);
    expect(replay.record?.forfeit).toBeUndefined();

    const rerun = replayMatch(replay.record!);
    expect(rerun.scores).toEqual([replay.recorded.player1Score, replay.recorded.player2Score]);
    expect(rerun.winner).toBe(seatOf(replay.recorded.winner));
  });

  it('a forfeit is kept in the record: the replay stops where the player left and gives the same winner', async () => {
    const h = createMatchBed();
    h.untilPlaying();
    for (let i = 0; i < 60 * 15; i++) {
      if (i % 30 === 0) h.match.paddleMove(0, (i * 7) % 600);
      h.ticks(1);
    }
    h.match.leave(0, 'exit');
    const result = await recordPlayedMatch(target.db, h);

    const replay = await replayOf(result.id);
    expect(replay.recorded.winner).toBe('player2');
    expect(replay.record?.forfeit).toEqual({ afterTick: result.ticks, loser: 0 });
    const rerun = replayMatch(replay.record!);
    expect(rerun.scores).toEqual([replay.recorded.player1Score, replay.recorded.player2Score]);
    expect(rerun.winner).toBe(1);
  });
});
