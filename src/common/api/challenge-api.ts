import { z } from 'zod';
import { gameModeSchema } from '../protocol.ts';
import { instant, lamportsText } from './wire-values.ts';

/**
 * GET /api/challenges/{code}: what a challenge's link shows before anyone pays (the lobby's 'Challenge a
 * friend'). Public: the code is the secret the challenger shares. Amounts are lamports as decimal text.
 */

export const CHALLENGE_STATUSES = ['open', 'accepted', 'cancelled', 'expired'] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];

export const challengeAnswerSchema = z.object({
  code: z.string(),
  mode: gameModeSchema,
  /** The entry each player pays, and what the winner is paid. */
  stakeLamports: lamportsText,
  prizeLamports: lamportsText,
  challengerAddress: z.string(),
  status: z.enum(CHALLENGE_STATUSES),
  expiresAt: instant,
  /** The server's clock when it answered, so the page counts down from the server's time, not the device's. */
  serverTime: instant,
});
export type ChallengeAnswer = z.infer<typeof challengeAnswerSchema>;

export const CHALLENGE_REFUSALS = {
  badCode: 'A challenge link ends in a 12-character code',
  notFound: 'No challenge has this link',
} as const;

/** GET /api/challenges/{code}/action-payment: the signed-in wallet's unused payment made through the Action. */
export const actionPaymentAnswerSchema = z.object({ signature: z.string().nullable() });
export type ActionPaymentAnswer = z.infer<typeof actionPaymentAnswerSchema>;
