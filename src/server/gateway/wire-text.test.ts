import { describe, expect, it } from 'vitest';
import type { GameData, ServerMessage } from '../../common/protocol.ts';
import { wireText } from './wire-text.ts';

const data: GameData = {
  id: 'g-1',
  gameState: 'playing',
  winner: null,
  scores: [3, 5],
  ballPos: { x: 412.35, y: 233.1 },
  ballVelocity: { x: -7.2, y: 3.05 },
  paddlePositions: [250, 210.5],
  countdownTime: 0,
  currentServer: 1,
  reconnectionTimeLeft: null,
  reason: null,
  timestamp: 1_000,
  disconnectedPlayerIndex: null,
};

const stateFor = (playerIndex: 0 | 1, d: GameData = data): ServerMessage => ({
  type: 'gameState',
  gameId: 'g-1',
  playerIndex,
  timestamp: 1_000,
  data: d,
});

describe('a snapshot is serialised once per match, not once per socket', () => {
  it('sends exactly what JSON.stringify would, for a gameState and for any other message', () => {
    expect(wireText(stateFor(0))).toBe(JSON.stringify(stateFor(0)));
    expect(wireText(stateFor(1))).toBe(JSON.stringify(stateFor(1)));
    const other: ServerMessage = { type: 'gameResumed', message: 'Game resumed' };
    expect(wireText(other)).toBe(JSON.stringify(other));
    expect(JSON.parse(wireText(stateFor(1)))).toEqual(stateFor(1));
  });

  it("the data both seats share is turned into JSON once; each seat's envelope still names its own index", () => {
    let serialised = 0;
    const counted = {
      ...data,
      toJSON() {
        serialised++;
        return data;
      },
    } as GameData;
    const texts = [wireText(stateFor(0, counted)), wireText(stateFor(1, counted))];
    expect(serialised).toBe(1);
    expect(texts.map((t) => JSON.parse(t).playerIndex)).toEqual([0, 1]);
    expect(JSON.parse(texts[1]!).data).toEqual(data);
  });
});
