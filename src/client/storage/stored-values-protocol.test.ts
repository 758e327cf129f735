import { describe, expect, it } from 'vitest';
import { BASE58_ADDRESS, GAME_STATES, gameIdSchema } from '../../common/protocol.ts';
import {
  BASE58_ADDRESS as RULES_BASE58_ADDRESS,
  GAME_STATES as RULES_GAME_STATES,
  NODE_ID_PATTERN as RULES_NODE_ID,
} from '../../common/rules.ts';
import { NODE_ID_PATTERN } from '../../server/cluster/node-id.ts';
import { storedGameIdOf } from './stored-values.ts';

/**
 * The storage module keeps zod off the first page: it reads the game states, the address rule and the node
 * name rule from the zod-free rules.ts, the very values the protocol and the server use, and keeps its own
 * copy of the game-id rule: the same one.
 */
describe('stored values agree with the protocol', () => {
  it('the game states and the address rule are the protocol’s', () => {
    expect(GAME_STATES).toBe(RULES_GAME_STATES);
    expect(BASE58_ADDRESS).toBe(RULES_BASE58_ADDRESS);
  });

  it('a stored game node follows the server’s NODE_ID rule', () => {
    expect(NODE_ID_PATTERN).toBe(RULES_NODE_ID);
  });

  it.each([
    '0b5e7a52-3c1e-4c55-9d0e-1f2a3b4c5d6e',
    'game-0B5E7A52-3C1E-4C55-9D0E-1F2A3B4C5D6E-x',
    'not a game',
    '',
    `${'x'.repeat(95)}0b5e7a52-3c1e-4c55-9d0e-1f2a3b4c5d6e`,
  ])('a game id is normalised as the protocol does: %j', (raw) => {
    const parsed = gameIdSchema.safeParse(raw);
    expect(storedGameIdOf(raw)).toBe(parsed.success ? parsed.data : undefined);
  });
});
