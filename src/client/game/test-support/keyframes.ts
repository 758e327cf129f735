import type { GameData } from '../../../common/protocol.ts';
import { testGameData } from '../../state/test-support/game-data.ts';

export const GAME_ID = '6f1c1a52-52a4-4c35-9d7a-6f4e2b1c9a10';

/** A playing keyframe at the centre; tests override what they look at. */
export function gameData(overrides: Partial<GameData> = {}): GameData {
  return testGameData({ id: GAME_ID, timestamp: 1_000, ...overrides });
}
