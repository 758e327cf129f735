import { z } from 'zod';
import { BASE58_ADDRESS } from '../../common/rules.ts';
import type { MovementNotice } from '../ledger/money-notice.ts';
import type { BanChange } from '../security/bans.ts';
import type { PlayerSession } from '../security/player-sessions.ts';
import type { ChannelSpec } from './pubsub.ts';

/**
 * The messages nodes send each other. A ban made through one node is broadcast so every node
 * acts on the sockets and searches it holds; a ledger movement is broadcast so the node holding the
 * wallet's socket sends its `transaction_notification`. Lamports travel as decimal strings, dates as ISO
 * text: JSON has neither bigint nor Date.
 */

const walletAddress = z.string().regex(BASE58_ADDRESS);

export const banChannel: ChannelSpec<BanChange> = {
  name: 'bans',
  schema: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('wallet'), walletAddress, banned: z.boolean() }).strict(),
    z
      .object({ kind: z.literal('ip'), ipAddress: z.union([z.ipv4(), z.ipv6()]), banned: z.boolean() })
      .strict(),
  ]),
  toWire: (change) => change,
};

/**
 * A wallet's own protection changed (a self-exclusion, a loss limit): every node reads it again and closes
 * the searches of that wallet it holds that it now refuses. Only the wallet travels; each node reads the rest.
 */
export const protectionChannel: ChannelSpec<string> = {
  name: 'player-protection',
  schema: z
    .object({ walletAddress })
    .strict()
    .transform((m) => m.walletAddress),
  toWire: (wallet) => ({ walletAddress: wallet }),
};

/** A player session ended by its sign-out: every node closes the sockets it opened. */
export const signOutChannel: ChannelSpec<PlayerSession> = {
  name: 'sign-outs',
  schema: z.object({ sessionId: z.string().regex(/^[0-9a-f]{64}$/), walletAddress }).strict(),
  toWire: (ended) => ({ sessionId: ended.sessionId, walletAddress: ended.walletAddress }),
};

const movementWire = z
  .object({
    id: z.uuid(),
    type: z.enum(['entry_fee', 'refund', 'winner_payout']),
    walletAddress,
    amountLamports: z.string().regex(/^\d{1,20}$/),
    status: z.enum(['pending', 'processing', 'confirmed', 'failed']),
    signature: z.string().min(1).max(128).nullable(),
    heldForReview: z.boolean().optional(),
    gameMode: z.string().max(64).nullable(),
    gameId: z.uuid().nullable(),
    createdAt: z.iso.datetime(),
  })
  .strict();

export const walletNoticeChannel: ChannelSpec<MovementNotice> = {
  name: 'wallet-notices',
  schema: movementWire.transform(
    (w): MovementNotice => ({
      ...w,
      amountLamports: BigInt(w.amountLamports),
      createdAt: new Date(w.createdAt),
    }),
  ),
  toWire: (notice): z.input<typeof movementWire> => ({
    id: notice.id,
    type: notice.type,
    walletAddress: notice.walletAddress,
    amountLamports: notice.amountLamports.toString(),
    status: notice.status,
    signature: notice.signature,
    ...(notice.heldForReview ? { heldForReview: true } : {}),
    gameMode: notice.gameMode ?? null,
    gameId: notice.gameId ?? null,
    createdAt: notice.createdAt.toISOString(),
  }),
};
