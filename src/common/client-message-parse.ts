import { ERROR_MESSAGES } from './error-messages.ts';
import { CLIENT_MESSAGE_TYPES, type ClientMessage, clientMessageSchema } from './protocol.ts';
import { UUID_INSIDE } from './text-patterns.ts';

/**
 * The server's reading of one frame from a client (SPEC §7's client messages, `protocol.ts`): JSON, a known
 * type, and the fields of that type, in that order, with the hot `paddleMove` checked without the schema.
 */

export type ParseResult = { ok: true; message: ClientMessage } | { ok: false; error: string };

/** Parses one frame from a client: JSON, a known type, and the fields of that type, in that order. */
const PADDLE_MOVE_KEYS = new Set(['type', 'gameId', 'position', 'timestamp']);
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The hot path: a well-formed `paddleMove` (the message each player sends many times a second)
 * checked by hand exactly as its schema would accept it, with the same result; anything else returns null
 * and goes through the schema, which also words the error.
 */
function wellFormedPaddleMove(json: object): ClientMessage | null {
  for (const key of Object.keys(json)) if (!PADDLE_MOVE_KEYS.has(key)) return null;
  const { gameId, position, timestamp } = json as Record<string, unknown>;
  if (typeof gameId !== 'string' || gameId.length > 100 || !isFiniteNumber(position)) return null;
  if (timestamp !== undefined && !isFiniteNumber(timestamp)) return null;
  const uuid = UUID_INSIDE.exec(gameId);
  if (!uuid) return null;
  const message = { type: 'paddleMove' as const, gameId: uuid[0].toLowerCase(), position };
  return timestamp === undefined ? message : { ...message, timestamp };
}

export function parseClientMessage(raw: string): ParseResult {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, error: ERROR_MESSAGES.invalidJson };
  }
  const type = typeof json === 'object' && json !== null ? (json as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !(CLIENT_MESSAGE_TYPES as string[]).includes(type)) {
    return { ok: false, error: ERROR_MESSAGES.unknownType };
  }
  const fast = type === 'paddleMove' ? wellFormedPaddleMove(json as object) : null;
  if (fast) return { ok: true, message: fast };
  const parsed = clientMessageSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    return {
      ok: false,
      error: `${ERROR_MESSAGES.invalidMessage}: ${issue?.message ?? 'bad fields'}${where}`,
    };
  }
  return { ok: true, message: parsed.data };
}
