import { z } from 'zod';
import { transactionNoticeSchema } from './api/transaction-notice.ts';
import { displayNameProblem } from './display-name.ts';
import { GAME_MODE_IDS } from './game-modes.ts';
import { heldMessageShape, holdingSchema } from './held-schema.ts';
import {
  BASE58_ADDRESS,
  CHALLENGE_CODE,
  GAME_STATES,
  SIGNATURE_MAX_LENGTH,
  SIGNATURE_MIN_LENGTH,
} from './rules.ts';
import { UUID_INSIDE } from './text-patterns.ts';

/**
 * The game channel of SPEC §7, one zod schema per message, tagged by `type` (STYLE.md 4). Both sides parse
 * with these; the types are inferred from them. Objects are strict: an unknown field is a bad message.
 */

import { ERROR_MESSAGES } from './error-messages.ts';
import { ERROR_CODE_LIST, RECONNECT_REFUSAL_CODES } from './wire-codes.ts';

export type { HeldRefund, HeldThing, Holding, SettledSearch } from './held-schema.ts';
export {
  CLOSE_CODES,
  isPassingRefusal,
  MATCH_TEXTS,
  PASSING_REFUSAL_CODES,
  type PassingRefusalCode,
  REFUND_REFUSAL_CODES,
  SEARCH_TEXTS,
} from './protocol-texts.ts';
export { TERMS_VERSION } from './rules.ts';
export {
  ERROR_CODES,
  type ErrorCode,
  RECONNECT_REFUSAL_CODES,
  type ReconnectRefusalCode,
} from './wire-codes.ts';
export { ERROR_MESSAGES };
export const termsVersionSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a terms version such as 2025-03-09');

export { BASE58_ADDRESS } from './rules.ts';

const UUID = UUID_INSIDE;

export const walletAddressSchema = z.string().regex(BASE58_ADDRESS, 'Expected a base58 wallet address');
/** SPEC §5: game ids are normalised to a UUID found inside the string. */
export const gameIdSchema = z
  .string()
  .max(100)
  .transform((s, ctx) => {
    const match = UUID.exec(s);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: 'Expected a game id' });
      return z.NEVER;
    }
    return match[0].toLowerCase();
  });
export const gameModeSchema = z.enum(GAME_MODE_IDS);
/** RELIABILITY 30: a name that could not be stored or would mislead is refused here (see display-name.ts). */
const displayName = z
  .string()
  .max(256)
  .superRefine((name, ctx) => {
    const problem = displayNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
const timestamp = z.number().finite();
/** A transaction signature is 64 bytes in base58: 64 to 88 characters; SPEC §5's cleaning happens client-side. */
export const signatureSchema = z.string().min(SIGNATURE_MIN_LENGTH).max(SIGNATURE_MAX_LENGTH);
/** A challenge's code (rules.ts CHALLENGE_CODE), as its link carries it. */
export const challengeCodeSchema = z.string().regex(CHALLENGE_CODE, 'Expected a challenge code');

/**
 * The game channel's URL query (`/ws?sessionId=…`): the client's own id for its socket, a text; anything else
 * (a repeated or missing value) is none, never a refusal. Other parameters (the cluster's `node`) are the
 * proxy's, not the channel's.
 */
export const channelQuerySchema = z
  .object({ sessionId: z.string().optional().catch(undefined) })
  .catch({ sessionId: undefined });
export type ChannelQuery = z.infer<typeof channelQuerySchema>;

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('connect'),
    walletAddress: walletAddressSchema.optional(),
    displayName: displayName.optional(),
    timestamp: timestamp.optional(),
    /** Not in SPEC: the search the page believes it holds; the server's `held` says what became of it. */
    holding: holdingSchema.optional(),
  }),
  z.strictObject({
    type: z.literal('reconnect'),
    gameId: gameIdSchema,
    walletAddress: walletAddressSchema.optional(),
    displayName: displayName.optional(),
    timestamp: timestamp.optional(),
  }),
  z.strictObject({ type: z.literal('ping'), timestamp, isHeartbeat: z.boolean().optional() }),
  z.strictObject({
    type: z.literal('findMatch'),
    gameMode: gameModeSchema.optional(),
    walletAddress: walletAddressSchema.optional(),
    balance: z.number().finite().nonnegative().optional(),
    displayName: displayName.optional(),
    timestamp: timestamp.optional(),
    paymentSignature: signatureSchema.optional(),
    /**
     * Not in SPEC (challenge a friend): 'new' opens this search as a private challenge, never in the public
     * queue, answered with its code; a code accepts that challenge, and the two are matched at once.
     */
    challenge: z.union([z.literal('new'), challengeCodeSchema]).optional(),
    /**
     * Not in SPEC (rematch): the game just played, at its game over. The first of its two players to ask
     * opens an offer only the other may take; when the other asks too, the two are matched at once, same mode.
     */
    rematch: gameIdSchema.optional(),
  }),
  z.strictObject({
    type: z.literal('cancelSearch'),
    paymentSignature: signatureSchema.optional(),
    timestamp: timestamp.optional(),
  }),
  z.strictObject({
    type: z.literal('paddleMove'),
    gameId: gameIdSchema,
    position: z.number().finite(),
    timestamp: timestamp.optional(),
  }),
  z.strictObject({ type: z.literal('playAgain'), gameId: gameIdSchema.optional() }),
  /**
   * Not in SPEC (the house bot): a Free Play search alone in its queue for HOUSE_BOT_OFFER_MS plays the
   * house bot instead, at once.
   */
  z.strictObject({ type: z.literal('playHouseBot') }),
  z.strictObject({ type: z.literal('exit'), gameId: gameIdSchema.optional() }),
  z.strictObject({ type: z.literal('forceDisconnect'), gameId: gameIdSchema.optional() }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type ClientMessageType = ClientMessage['type'];
export const CLIENT_MESSAGE_TYPES = clientMessageSchema.options.map((o) => o.shape.type.value);

export { GAME_STATES, type GameStateName } from './rules.ts';

const playerIndex = z.union([z.literal(0), z.literal(1)]);
const pair = z.tuple([z.number(), z.number()]);
const point = z.object({ x: z.number(), y: z.number() });

/** SPEC §3 "Game data (client)". */
export const gameDataSchema = z.object({
  id: z.string(),
  gameState: z.enum(GAME_STATES),
  winner: playerIndex.nullable(),
  scores: pair,
  ballPos: point,
  ballVelocity: point,
  paddlePositions: pair,
  countdownTime: z.number(),
  currentServer: playerIndex,
  reconnectionTimeLeft: z.number().nullable(),
  reason: z.string().nullable(),
  timestamp: z.number(),
  disconnectedPlayerIndex: playerIndex.nullable(),
  /**
   * Not in SPEC (the match-length rule): whole seconds of play left before sudden death, sent only in the
   * last minute before it, and 0 once in it.
   */
  playTimeLeft: z.number().int().nonnegative().optional(),
  /**
   * Not in SPEC (the client's prediction, ball-track.ts): the server's step this state is of, and the paddle
   * hits of the rally so far, so a keyframe anchors the ball's path as a `ballEvent` does.
   */
  tick: z.number().int().nonnegative().optional(),
  rallyHits: z.number().int().nonnegative().optional(),
});
export type GameData = z.infer<typeof gameDataSchema>;

export const queueLengthsSchema = z.record(gameModeSchema, z.number().int().nonnegative());

export const GAME_OVER_REASONS = [
  'score',
  'opponent_timeout',
  'opponent_disconnected',
  'opponent_disqualified',
  'opponent_exit',
  'exit',
  'excessive_disconnects',
  'disconnect_timeout',
  'auto_disqualified',
] as const;

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('connect'),
    id: z.string(),
    sessionId: z.string(),
    playersOnline: z.number(),
    /** Cluster mode: the game node this socket is connected to. */
    node: z.string().optional(),
  }),
  z.object({
    type: z.literal('findMatch'),
    status: z.enum(['searching']),
    gameMode: gameModeSchema,
    message: z.string(),
    /** Not in SPEC: this search is the player's open challenge; its link ends in `code`; closed at `expiresAt`. */
    challenge: z.object({ code: z.string(), expiresAt: z.number() }).optional(),
    /**
     * Not in SPEC: this search is the player's rematch offer after `gameId`, open until `expiresAt` (server
     * time), which is `msLeft` after this reply was sent: the client counts from that, so the offerer's time
     * left and the opponent's game-over countdown agree whatever either device's clock says.
     */
    rematch: z
      .object({ gameId: z.string(), expiresAt: z.number(), msLeft: z.number().optional() })
      .optional(),
    /** Not in SPEC: the search's id, which the page names in its next `connect` (`holding`). */
    searchId: z.string().optional(),
  }),
  z.object({
    type: z.literal('cancelSearch'),
    success: z.boolean(),
    message: z.string(),
    refundLamports: z.string().optional(),
    refundAmount: z.number().optional(),
  }),
  z.object({ type: z.literal('pong'), timestamp: z.number(), serverTime: z.number() }),
  /**
   * Not in SPEC: on every connection (after `connect`'s answers), what the server holds for this wallet and
   * what became of the search the page named (held-schema.ts).
   */
  z.object(heldMessageShape),
  z.object({
    type: z.literal('matched'),
    gameId: z.string(),
    playerIndex,
    /**
     * Cluster mode: the game node the match lives on. A client connected to another node (see
     * `connect.node`) reconnects at once to `/ws?node=<node>` and sends `reconnect` for the game; every
     * reconnection during the game goes there too.
     */
    node: z.string().optional(),
    data: z.object({
      opponentName: z.string(),
      gameMode: gameModeSchema,
      seedHash: z.string(),
      countdownTime: z.number(),
    }),
  }),
  z.object({
    type: z.literal('gameState'),
    gameId: z.string(),
    playerIndex,
    timestamp: z.number(),
    data: gameDataSchema,
  }),
  /**
   * Not in SPEC: what the client cannot predict of the ball, sent as it happens (a serve, a paddle's return).
   * `ball` is [x, y, vx, vy] after the server's step `tick`, exact (not rounded: the client flies it on with
   * the same physics); `at` is the server's clock at that step; `paddles` are both paddle centres then.
   */
  z.object({
    type: z.literal('ballEvent'),
    gameId: z.string(),
    kind: z.enum(['serve', 'hit']),
    tick: z.number().int().nonnegative(),
    at: z.number(),
    ball: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    rallyHits: z.number().int().nonnegative(),
    paddles: pair,
  }),
  /**
   * Not in SPEC: the opponent's paddle centre after the server's step `tick`, sent on the tick it starts
   * from rest, then at most every OPPONENT_PADDLE_TICKS while it moves, and not at all while it stands. It names no game: it goes only to a
   * seat of the match under way.
   */
  z.object({ type: z.literal('opponentPaddle'), tick: z.number().int().nonnegative(), y: z.number() }),
  z.object({
    type: z.literal('error'),
    data: z.object({
      message: z.string(),
      code: z.enum(ERROR_CODE_LIST).optional(),
      /** A refused paid search whose fee is returned: the lamports owed back in full (decimal text). */
      refundLamports: z.string().regex(/^\d+$/).optional(),
    }),
  }),
  z.object({
    type: z.literal('playerTemporarilyDisconnected'),
    reconnectionTimeLeft: z.number(),
    disconnectedPlayerIndex: playerIndex,
  }),
  z.object({ type: z.literal('reconnectionTimeUpdate'), reconnectionTimeLeft: z.number() }),
  z.object({
    type: z.literal('reconnectionSuccess'),
    gameState: gameDataSchema,
    gameId: z.string(),
    playerIndex,
    /**
     * Not in SPEC: what the match is played for and against whom, from the server's own match (as its
     * `matched` said it), so a page that reloaded shows the match bar again without having heard `matched`.
     */
    match: z.object({ gameMode: gameModeSchema, opponentName: z.string() }),
    /**
     * Not in SPEC (rematch): back at the game-over screen of a match that ended within its rematch window
     * (`gameState.gameState` is 'gameOver'): a rematch may be asked (`open`), the opponent has asked one
     * (`offered`), or the opponent left, so none will come (`declined`). Absent for a match under way.
     */
    rematch: z.enum(['open', 'offered', 'declined']).optional(),
    /**
     * Not in SPEC (rematch): with `rematch: 'offered'`, when the offer closes, as the `rematch` message names it
     * (`expiresAt` server time, `msLeft` after this message was sent): the screen taken back waits for the
     * offer from the first moment, instead of its 10 s return running out before it heard of it.
     */
    rematchCloses: z.object({ expiresAt: z.number(), msLeft: z.number() }).optional(),
  }),
  z.object({
    type: z.literal('reconnectionFailed'),
    message: z.string(),
    clearStoredGameId: z.boolean(),
    /** Not in SPEC: why, so the client knows its own window ran out without reading the text. */
    code: z.enum(RECONNECT_REFUSAL_CODES).optional(),
  }),
  z.object({ type: z.literal('reconnectionTimeout'), message: z.string() }),
  z.object({ type: z.literal('opponentDisconnected'), message: z.string() }),
  z.object({
    type: z.literal('gameOver'),
    gameId: z.string(),
    winner: playerIndex,
    scores: pair,
    reason: z.enum(GAME_OVER_REASONS),
    message: z.string(),
    finalResult: z.enum(['win', 'loss']),
    yourPlayerIndex: playerIndex,
    seed: z.string(),
  }),
  z.object({ type: z.literal('gameCleanup'), gameId: z.string() }),
  /**
   * Not in SPEC (rematch), to a player of a game just over: the opponent asks for a rematch (`offered`), or
   * has left the game-over screen, so no rematch will come (`declined`). An offer names when it closes: at
   * `expiresAt` (server time), `msLeft` after this message was sent (the same deadline the offerer is shown).
   */
  z.object({
    type: z.literal('rematch'),
    gameId: z.string(),
    status: z.enum(['offered', 'declined']),
    expiresAt: z.number().optional(),
    msLeft: z.number().optional(),
  }),
  z.object({ type: z.literal('gameResumed'), message: z.string() }),
  z.object({
    type: z.literal('joinQueue'),
    queueType: gameModeSchema,
    queuePosition: z.number(),
    playersOnline: z.number(),
  }),
  z.object({ type: z.literal('queueUpdate'), queueLengths: queueLengthsSchema, playersOnline: z.number() }),
  z.object({ type: z.literal('transaction_notification'), transaction: transactionNoticeSchema }),
  /**
   * SPEC §3 "Ban status", pushed to every open socket of a wallet or address an admin bans or unbans,
   * so the lobby shows or lifts 'Account Restricted' without a reload.
   */
  z.object({
    type: z.literal('banStatus'),
    banned: z.boolean(),
    walletBanned: z.boolean(),
    ipBanned: z.boolean(),
    message: z.string().nullable(),
  }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type ServerMessageOf<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

/**
 * Not in SPEC: what one server tick sends to one socket goes as one frame. A frame is one message, or, when
 * a tick has more than one for the socket, `{"type":"batch","messages":[...]}` holding them in order.
 */
export const serverFrameSchema = z.union([
  serverMessageSchema,
  z.object({ type: z.literal('batch'), messages: z.array(serverMessageSchema).min(2) }),
]);

/** The messages of one parsed frame, in the order the server sent them. */
export function messagesOfFrame(frame: z.infer<typeof serverFrameSchema>): ServerMessage[] {
  return frame.type === 'batch' ? frame.messages : [frame];
}

/** For clients that trust the server's JSON without a schema (the benchmark's bots, test clients). */
export function unbatch(json: unknown): ServerMessage[] {
  const frame = json as { type?: unknown; messages?: unknown };
  return frame.type === 'batch' && Array.isArray(frame.messages)
    ? (frame.messages as ServerMessage[])
    : [json as ServerMessage];
}
