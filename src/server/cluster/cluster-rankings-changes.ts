import { z } from 'zod';
import { BASE58_ADDRESS } from '../../common/rules.ts';
import type { RankingsChanges } from '../rankings/rankings-changes.ts';
import type { ChannelSpec, ClusterPubSub } from './pubsub.ts';

/** A wallet hid or showed itself through one node: every node forgets its cached page and boards. */
export const rankingsVisibilityChannel: ChannelSpec<string> = {
  name: 'rankings-visibility',
  schema: z
    .object({ walletAddress: z.string().regex(BASE58_ADDRESS) })
    .strict()
    .transform((m) => m.walletAddress),
  toWire: (walletAddress) => ({ walletAddress }),
};

/**
 * The rankings changes of cluster mode, on Redis pub/sub. If Redis cannot take a message, this node still
 * forgets its own cache and says so; the other nodes' caches then hold the old page for at most their
 * cache time (RANKINGS_CACHE_MS), the database itself being already right.
 */
export function clusterRankingsChanges(deps: {
  pubsub: ClusterPubSub;
  log: (message: string, error?: unknown) => void;
}): RankingsChanges {
  const channel = deps.pubsub.channel(rankingsVisibilityChannel);
  const here = new Set<(walletAddress: string) => void>();
  return {
    visibilityChanged(walletAddress) {
      channel.publish(walletAddress).catch((error: unknown) => {
        deps.log(
          `the visibility change of ${walletAddress} could not be broadcast; forgotten here only`,
          error,
        );
        for (const act of here) act(walletAddress);
      });
    },
    async listen(act) {
      here.add(act);
      const stop = await channel.subscribe(act);
      return async () => {
        here.delete(act);
        await stop();
      };
    },
  };
}
