import { describe, expect, it } from 'vitest';
import { BASE58_ADDRESS, GAME_STATES, gameIdSchema } from '../../common/protocol.ts';
import { NODE_ID_PATTERN } from '../../server/cluster/node-id.ts';
import {
  STORED_BASE58_ADDRESS,
  STORED_GAME_STATES,
  STORED_NODE_ID,
  storedGameIdOf,
} from './stored-values.ts';

/** The storage module keeps zod off the first page with its own copies of three protocol rules: the same ones. */
describe('stored values agree with the protocol', () => {
  it('the game states and the address rule are the protocol’s', () => {
    expect(STORED_GAME_STATES).toEqual(GAME_STATES);
    expect(STORED_BASE58_ADDRESS.source).toBe(BASE58_ADDRESS.source);
  });

  it('issue 12 a stored game node follows the server’s NODE_ID rule', () => {
    expect(STORED_NODE_ID.source).toBe(NODE_ID_PATTERN.source);
  });

  it.each([
    '0b5e7a52-3c1e-4c55-9d0e-1f2a3b4c5d6e',
    'game-0B5E7A52-3C1E-4C55-9D0E-1F2A3B4C5D6E-x',
    'not a game',
    '',
    `${'x'.repeat(95)}0b5e7a52-3c1e-4c55-9d0e-1f2a3b4c5d6e`,
  ])('§5 a game id is normalised as the protocol does: %j', (raw) => {
    const parsed = gameIdSchema.safeParse(raw);
    expect(storedGameIdOf(raw)).toBe(parsed.success ? parsed.data : undefined);
  });
});
