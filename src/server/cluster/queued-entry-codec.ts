import { z } from 'zod';
import { GAME_MODE_IDS } from '../../common/game-modes.ts';
import { NODE_ID_PATTERN } from '../../common/rules.ts';
import type { QueueEntry } from '../game/matchmaker.ts';
import type { EntryCodec } from './queues.ts';

/**
 * A search as cluster mode's Redis queue holds it: everything the node that pairs it needs to
 * start the match and to reach the player (`node`: the node holding the player's socket), checked when read
 * back. Lamports travel as a decimal string: JSON has no bigint.
 */
export interface QueuedEntry extends QueueEntry {
  /** The game node holding the search's socket. */
  node: string;
}

const wire = z
  .object({
    id: z.uuid(),
    mode: z.enum(GAME_MODE_IDS),
    node: z.string().regex(NODE_ID_PATTERN),
    joinedAt: z.number().finite(),
    player: z
      .object({
        linkId: z.string().min(1).max(128),
        playerSessionId: z.string().min(1).max(128),
        walletAddress: z.string().min(1).max(64),
        displayName: z.string().max(128),
        ip: z.string().max(64).nullable(),
        userAgent: z.string().max(1024).nullable(),
      })
      .strict(),
    paid: z
      .object({
        transactionId: z.uuid(),
        signature: z.string().min(1).max(128),
        lamports: z.string().regex(/^\d{1,20}$/),
      })
      .strict()
      .nullable(),
  })
  .strict();

export const queuedEntryCodec: EntryCodec<QueuedEntry> = {
  encode: (entry) =>
    JSON.stringify({
      id: entry.id,
      mode: entry.mode,
      node: entry.node,
      joinedAt: entry.joinedAt,
      player: {
        linkId: entry.player.linkId,
        playerSessionId: entry.player.playerSessionId,
        walletAddress: entry.player.walletAddress,
        displayName: entry.player.displayName,
        ip: entry.player.ip,
        userAgent: entry.player.userAgent,
      },
      paid: entry.paid
        ? {
            transactionId: entry.paid.transactionId,
            signature: entry.paid.signature,
            lamports: entry.paid.lamports.toString(),
          }
        : null,
    }),
  decode: (text) => {
    const w = wire.parse(JSON.parse(text));
    return { ...w, paid: w.paid ? { ...w.paid, lamports: BigInt(w.paid.lamports) } : null };
  },
};
