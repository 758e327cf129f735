import { describe, expect, it } from 'vitest';
import { parseClientMessage } from './client-message-parse.ts';
import {
  CLIENT_MESSAGE_TYPES,
  channelQuerySchema,
  clientMessageSchema,
  ERROR_CODES,
  ERROR_MESSAGES,
  serverMessageSchema,
} from './protocol.ts';

const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const GAME = '3f1e2d4c-5b6a-4789-8a0b-1c2d3e4f5a6b';

describe('game channel: client messages', () => {
  it('knows exactly the client messages the game channel specifies', () => {
    expect([...CLIENT_MESSAGE_TYPES].sort()).toEqual(
      [
        'connect',
        'reconnect',
        'ping',
        'findMatch',
        'cancelSearch',
        'paddleMove',
        'playAgain',
        'exit',
        'forceDisconnect',
        // Not in SPEC: the house bot (docs/protocol.md).
        'playHouseBot',
      ].sort(),
    );
  });

  it.each([
    { type: 'connect', walletAddress: WALLET, displayName: 'Ann', timestamp: 1 },
    { type: 'reconnect', gameId: GAME, walletAddress: WALLET, displayName: 'Ann', timestamp: 1 },
    { type: 'ping', timestamp: 5, isHeartbeat: true },
    {
      type: 'findMatch',
      gameMode: 'tiny_tuna',
      walletAddress: WALLET,
      balance: 1.5,
      paymentSignature: 'x'.repeat(88),
    },
    { type: 'cancelSearch', paymentSignature: 'x'.repeat(88), timestamp: 3 },
    { type: 'paddleMove', gameId: GAME, position: 250.5, timestamp: 9 },
    { type: 'playAgain' },
    { type: 'exit', gameId: GAME },
    { type: 'forceDisconnect', gameId: GAME },
  ])('accepts a well-formed $type', (message) => {
    const result = parseClientMessage(JSON.stringify(message));
    expect(result.ok).toBe(true);
  });

  it.each([
    ['not JSON', '{type: connect', ERROR_MESSAGES.invalidJson],
    ['a JSON array', '[1,2]', ERROR_MESSAGES.unknownType],
    ['null', 'null', ERROR_MESSAGES.unknownType],
    ['no type', '{"position":3}', ERROR_MESSAGES.unknownType],
    ['an unknown type', '{"type":"teleport"}', ERROR_MESSAGES.unknownType],
    ['a string position', `{"type":"paddleMove","gameId":"${GAME}","position":"10"}`, 'Invalid message'],
    [
      'an unknown field',
      `{"type":"paddleMove","gameId":"${GAME}","position":1,"player":1}`,
      'Invalid message',
    ],
    ['a bad wallet address', '{"type":"connect","walletAddress":"0OIl"}', 'Invalid message'],
    ['a bad game mode', '{"type":"findMatch","gameMode":"huge_whale"}', 'Invalid message'],
    ['no game id in the id', '{"type":"reconnect","gameId":"abc"}', 'Invalid message'],
  ])('refuses %s with a clear error', (_, raw, error) => {
    const result = parseClientMessage(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(error);
  });

  it('normalises a game id to the UUID found inside the string', () => {
    const result = parseClientMessage(
      JSON.stringify({ type: 'exit', gameId: `game-${GAME.toUpperCase()}-x` }),
    );
    expect(result).toEqual({ ok: true, message: { type: 'exit', gameId: GAME } });
  });
});

describe('the hand-checked paddleMove path accepts and refuses exactly what the schema does', () => {
  const uuid = '6F1C2D3E-4A5B-4C6D-8E7F-0123456789AB';
  const cases: Record<string, unknown>[] = [
    { type: 'paddleMove', gameId: uuid, position: 250.5 },
    { type: 'paddleMove', gameId: `game-${uuid}-x`, position: 0, timestamp: 12 },
    { type: 'paddleMove', gameId: uuid, position: -1e9, timestamp: 1.5 },
    { type: 'paddleMove', gameId: 'not a game id', position: 1 },
    { type: 'paddleMove', gameId: `${'x'.repeat(70)}${uuid}`, position: 1 },
    { type: 'paddleMove', gameId: 42, position: 1 },
    { type: 'paddleMove', gameId: uuid, position: '1' },
    { type: 'paddleMove', gameId: uuid, position: null },
    { type: 'paddleMove', gameId: uuid },
    { type: 'paddleMove', position: 1 },
    { type: 'paddleMove', gameId: uuid, position: 1, timestamp: '9' },
    { type: 'paddleMove', gameId: uuid, position: 1, timestamp: null },
    { type: 'paddleMove', gameId: uuid, position: 1, playerIndex: 1 },
    { type: 'paddleMove', gameId: uuid, position: 1, ['__proto__']: { polluted: true } },
  ];
  it.each(cases.map((c) => [JSON.stringify(c)]))('%s', (raw) => {
    const parsed = parseClientMessage(raw);
    const bySchema = clientMessageSchema.safeParse(JSON.parse(raw));
    expect(parsed.ok).toBe(bySchema.success);
    if (parsed.ok && bySchema.success) expect(parsed.message).toEqual(bySchema.data);
  });
});

describe('the game channel’s URL query', () => {
  it('takes a text sessionId; a repeated, missing or odd one is none, never a refusal', () => {
    expect(channelQuerySchema.parse({ sessionId: 'abc', node: 'n1' })).toEqual({ sessionId: 'abc' });
    expect(channelQuerySchema.parse({ sessionId: ['a', 'b'] })).toEqual({ sessionId: undefined });
    expect(channelQuerySchema.parse({})).toEqual({});
    expect(channelQuerySchema.parse(undefined)).toEqual({ sessionId: undefined });
  });
});

describe('error codes on the wire', () => {
  it('an error names one of the listed codes or none; another code is not a server message', () => {
    const error = (code?: string) => ({
      type: 'error',
      data: code ? { message: 'm', code } : { message: 'm' },
    });
    expect(serverMessageSchema.safeParse(error(ERROR_CODES.rateLimited)).success).toBe(true);
    expect(serverMessageSchema.safeParse(error()).success).toBe(true);
    expect(serverMessageSchema.safeParse(error('made_up_code')).success).toBe(false);
  });
});
