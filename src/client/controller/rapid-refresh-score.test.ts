import { describe, expect, it } from 'vitest';
import { safeStorageArea } from '../storage/storage-area.ts';
import { createStoredValues, STORAGE_KEYS } from '../storage/stored-values.ts';
import { memoryStorage } from '../storage/test-support/memory-storage.ts';
import { data, GAME, matched, START, setup, state } from './test-support/controller-bed.ts';

/**
 * After a reload during a match, the score showed '0-0' until the first snapshot arrived (about
 * 0.5 s later). The last game state keeps the score, and a rapid refresh shows it until then.
 */

describe('rapid refresh shows the last known score, not 0-0', () => {
  it('a point is written into the stored last game state at once, not a second later', () => {
    const t = setup();
    t.signInAndOpen();
    t.receive(matched);
    t.clock.advance(16);
    t.receive(state(START + 16, { scores: [0, 0] }));
    t.clock.advance(16);
    t.receive(state(START + 32, { scores: [3, 5] }));
    expect(t.stored.lastGameState.get()).toMatchObject({ gameId: GAME, state: 'playing', scores: [3, 5] });
  });

  it('a reload lands on the game with the stored score before any snapshot; the snapshot then rules', () => {
    const t = setup((s) => {
      s.currentGameId.set(GAME);
      s.lastGameState.set({
        gameId: GAME,
        state: 'playing',
        timestamp: START - 2_000,
        playerIndex: 1,
        scores: [4, 7],
      });
    });
    t.signInAndOpen();
    expect(t.controller.match.prediction.keyframe()).toBeNull();
    expect(t.controller.getSnapshot().view).toMatchObject({
      gameId: GAME,
      state: 'playing',
      data: { scores: [4, 7] },
    });
    t.timers.advance(500);
    t.receive({
      type: 'reconnectionSuccess',
      match: { gameMode: 'practice', opponentName: 'Opponent' },
      gameId: GAME,
      playerIndex: 1,
      gameState: data({ timestamp: START + 500, scores: [5, 7] }),
    });
    expect(t.view().data.scores).toEqual([5, 7]);
  });
});

describe('the stored score is read with sanity rules', () => {
  const read = (scores: unknown) => {
    const local = memoryStorage();
    local.setItem(
      STORAGE_KEYS.lastGameState,
      JSON.stringify({ gameId: GAME, state: 'playing', timestamp: 1, playerIndex: 0, scores }),
    );
    return createStoredValues(
      safeStorageArea(() => local),
      safeStorageArea(() => memoryStorage()),
    ).lastGameState.get();
  };

  it('a sane score is kept', () => {
    expect(read([10, 11])?.scores).toEqual([10, 11]);
  });

  it.each([[[12, 0]], [[-1, 0]], [[1.5, 0]], [['1', 0]], [[1]], ['1-0']])(
    'an impossible score %j is left out; the rest of the state stays',
    (scores) => {
      const last = read(scores);
      expect(last).toMatchObject({ gameId: GAME, state: 'playing', playerIndex: 0 });
      expect(last).not.toHaveProperty('scores');
    },
  );
});
