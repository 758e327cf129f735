import { z } from 'zod';
import { GENERATOR_VERSIONS } from '../game/generator-versions.ts';
import { historyRowSentSchema } from './history-row.ts';
import { count, instant } from './wire-values.ts';

/**
 * The player-facing HTTP answers of SPEC §7 beside the game channel: what the server sends (the `…AnswerSchema`
 * a route returns) and, where SPEC lets a client rely on less, what the client reads (`…ReadSchema`).
 */

/** The chains a server may move money on; 'localnet' is its own embedded chain. */
export const CLUSTERS = ['localnet', 'devnet', 'testnet', 'mainnet-beta'] as const;
export type Cluster = (typeof CLUSTERS)[number];

/** GET /api/wallet-config: where wagers go and which chain the server runs. */
export const walletConfigAnswerSchema = z.object({
  houseWallet: z.string().min(1),
  cluster: z.enum(CLUSTERS),
});
export type WalletConfigAnswer = z.infer<typeof walletConfigAnswerSchema>;
/** A server that names no cluster (or one this client does not know) runs the local chain. */
export const walletConfigReadSchema = walletConfigAnswerSchema.extend({
  cluster: z.enum(CLUSTERS).catch('localnet'),
});

/** GET /api/quicknode-url: the RPC URL browsers use. */
export const rpcUrlAnswerSchema = z.object({ url: z.string().min(1) });
export type RpcUrlAnswer = z.infer<typeof rpcUrlAnswerSchema>;

/**
 * POST /api/ban-status: SPEC §3's four fields, plus whether the caller's address may play for money
 * (SPEC §1's restricted jurisdictions: paid modes close before any payment, practice stays open).
 */
export const banStatusAnswerSchema = z.object({
  banned: z.boolean(),
  walletBanned: z.boolean(),
  ipBanned: z.boolean(),
  message: z.string().nullable(),
  /** The caller's address is in a restricted jurisdiction. */
  paidPlayRestricted: z.boolean(),
  /** What the lobby shows about it (the text a refused paid search carries), or null. */
  paidPlayMessage: z.string().nullable(),
  /** The restricted country's ISO code, or null. */
  restrictedCountry: z.string().nullable(),
});
export type BanStatusAnswer = z.infer<typeof banStatusAnswerSchema>;
/** SPEC §3 promises only `banned`: a server that leaves out the rest still answers (defaults in the lobby). */
export const banStatusReadSchema = banStatusAnswerSchema.partial().required({ banned: true });

/** POST /api/auth/challenge: the Sign In With Solana input the wallet signs (its text is rebuilt from it). */
export const signInChallengeAnswerSchema = z.object({
  input: z.object({
    domain: z.string(),
    address: z.string(),
    statement: z.string(),
    uri: z.string(),
    version: z.string(),
    chainId: z.string(),
    nonce: z.string(),
    issuedAt: instant,
    expirationTime: instant,
  }),
});
export type SignInChallengeAnswer = z.infer<typeof signInChallengeAnswerSchema>;
/** Sign In With Solana leaves every field of the input optional: the wallet signs what it is given. */
export const signInChallengeReadSchema = z.object({
  input: signInChallengeAnswerSchema.shape.input.partial(),
});

/** POST /api/auth/verify: the wallet now signed in (its session cookie is set with this answer). */
export const signInVerifyAnswerSchema = z.object({ walletAddress: z.string() });
export type SignInVerifyAnswer = z.infer<typeof signInVerifyAnswerSchema>;

/** GET /api/auth/me: the wallet of this browser's session, null when signed out (not a 401). */
export const sessionWalletAnswerSchema = z.object({ walletAddress: z.string().nullable() });
export type SessionWalletAnswer = z.infer<typeof sessionWalletAnswerSchema>;

/** POST /api/auth/logout. */
export const signOutAnswerSchema = z.object({ success: z.literal(true) });
export type SignOutAnswer = z.infer<typeof signOutAnswerSchema>;

/** A history page, newest first; `nextCursor` is the `before` of the next page. Its rows: history-row.ts. */
export const historyAnswerSchema = z.object({
  success: z.literal(true),
  transactions: z.array(historyRowSentSchema),
  nextCursor: z.string().nullable(),
  message: z.string(),
});
/** The page as the server builds it: its rows as it sends them. */
export type HistoryAnswer = z.infer<typeof historyAnswerSchema>;

/** A history refused to this caller (401 signed out, 403 another wallet): SPEC §7's shape with `error`. */
export const historyRefusalSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
});
export type HistoryRefusal = z.infer<typeof historyRefusalSchema>;

/**
 * What the history panel reads of either: SPEC §7's envelope. Each row is parsed on its own with
 * `historyRowSchema` (client/history/history-transaction.ts), so one row the panel cannot show is left out,
 * not the page.
 */
export const historyReadSchema = z.object({
  success: z.boolean(),
  transactions: z.array(z.unknown()).optional(),
  nextCursor: z.string().nullish(),
  message: z.string().nullish(),
});

const seat = z.union([z.literal(0), z.literal(1)]);

/**
 * GET /api/games/{gameId}/verification: what a player of a finished match needs to check it was fair, in the
 * browser: the seed revealed at game over and its hash (announced at `matched`), the paddle targets the
 * server recorded, how it ended if not on points, and the result the server recorded. Only the match's own
 * players read it (the record holds both players' play).
 */
export const matchVerificationAnswerSchema = z.object({
  gameId: z.string(),
  gameMode: z.string(),
  /** Which seat the reader played (0 is player 1). */
  yourSeat: seat,
  seed: z.string().min(1),
  /** SHA-256 of the seed, hex, as the server stored it when the match started. */
  seedHash: z.string().nullable(),
  record: z.object({
    /** The generator the match drew from (game/rng.ts): 1 for matches before draws were keyed, else 2. */
    generator: z.literal(GENERATOR_VERSIONS),
    countdownSeconds: count,
    inputs: z.array(z.tuple([count, seat, z.number().finite()])),
    forfeit: z.object({ afterTick: count, loser: seat }).optional(),
  }),
  recorded: z.object({
    scores: z.tuple([count, count]),
    /** The recorded winner's seat. */
    winner: seat,
  }),
  endedAt: instant,
});
export type MatchVerificationAnswer = z.infer<typeof matchVerificationAnswerSchema>;

/**
 * The same request for a match of the reader's that is under way, or that just ended and whose result is
 * being written: 202 with retry-after, and nothing of the match yet (its seed is secret until the end).
 */
export const matchVerificationPendingSchema = z.object({ pending: z.literal(true), message: z.string() });
export type MatchVerificationPending = z.infer<typeof matchVerificationPendingSchema>;
