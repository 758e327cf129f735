import type { Redis } from 'ioredis';
import { z } from 'zod';
import { type ServerMessageOf, serverMessageSchema } from '../../common/protocol.ts';
import type { QueueEntry } from '../game/matchmaker.ts';
import type { Logger } from '../logger.ts';
import type { ClusterPubSub } from './pubsub.ts';
import { whileReachable } from './redis-connection.ts';
import type { RedisKeys } from './redis-keys.ts';

/**
 * Sticky routing's hand-off. A match lives on the node that paired it; a player whose
 * search another node holds is told `matched` naming this node, and moves there (`/ws?node=`). The message
 * goes two ways, so neither a lost pub/sub message nor a socket away at that moment loses it:
 * - published on the holding node's own channel, which tells the socket at once;
 * - kept in Redis under the wallet while the match may still be joined, where the holding node looks for
 *   its searches every second, and where any node looks when a socket of the wallet connects.
 * Once the player is in (or the match is over) it is dropped.
 */

/** Long enough for the reconnection window of a match; the match's end drops it sooner. */
export const HANDOFF_TTL_MS = 5 * 60_000;

type Matched = ServerMessageOf<'matched'>;

export interface HandOff {
  entryId: string;
  walletAddress: string;
  message: Matched;
}

const matchedSchema = serverMessageSchema.refine((m): m is Matched => m.type === 'matched');
const handOffSchema = z
  .object({ entryId: z.uuid(), walletAddress: z.string().min(1).max(64), message: matchedSchema })
  .strict() as z.ZodType<HandOff>;

export function createMatchHandoff(deps: {
  redis: Redis;
  keys: RedisKeys;
  pubsub: ClusterPubSub;
  nodeId: string;
  log: Logger;
}) {
  const { redis, keys, log } = deps;
  const channelOf = (nodeId: string) =>
    deps.pubsub.channel<HandOff>({ name: `node:${nodeId}:handoff`, schema: handOffSchema, toWire: (h) => h });
  const read = (text: string | null): HandOff | null => {
    if (!text) return null;
    const parsed = handOffSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  };

  return {
    /** A match started here took a search held by `entry.node`: that node and any later socket are told. */
    send(entry: QueueEntry & { node: string }, message: Matched): void {
      const handOff: HandOff = { entryId: entry.id, walletAddress: entry.player.walletAddress, message };
      const text = JSON.stringify(handOff);
      void whileReachable(redis, () =>
        redis.set(keys.handoff(handOff.walletAddress), text, 'PX', HANDOFF_TTL_MS),
      )
        .then(() => channelOf(entry.node).publish(handOff))
        .catch((error: unknown) =>
          log(`the match ${message.gameId} could not be handed to node ${entry.node} through Redis`, error),
        );
    },

    /** Hand-offs addressed to this node, as they are published. */
    listen(deliver: (handOff: HandOff) => void): Promise<() => Promise<void>> {
      return channelOf(deps.nodeId).subscribe(deliver);
    },

    /** The hand-off waiting for a wallet, if any (a socket of it connected, or its search is looked at). */
    async waitingFor(walletAddress: string): Promise<HandOff | null> {
      return read(await whileReachable(redis, () => redis.get(keys.handoff(walletAddress))));
    },

    /** The player joined the match, or it is over: nothing is waiting any more. */
    async done(walletAddress: string): Promise<void> {
      await whileReachable(redis, () => redis.del(keys.handoff(walletAddress)));
    },
  };
}

export type MatchHandoff = ReturnType<typeof createMatchHandoff>;
