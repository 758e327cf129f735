/**
 * RELIABILITY 45: a player's choice to be hidden (or shown) is seen at once on every node. The rankings routes
 * say a wallet's visibility changed; every node serving them forgets what it cached of that wallet. Two
 * implementations: in process (one node alone, below) and over the cluster's pub/sub
 * (cluster/cluster-rankings-changes.ts), chosen once where the server is composed.
 */
export interface RankingsChanges {
  /** The wallet's visibility changed through this node: every node, this one included, acts on it. */
  visibilityChanged(walletAddress: string): void;
  /** Runs `act` for every change published from now on, on any node; resolves once listening. */
  listen(act: (walletAddress: string) => void): Promise<() => Promise<void>>;
}

export function localRankingsChanges(): RankingsChanges {
  const acts = new Set<(walletAddress: string) => void>();
  return {
    visibilityChanged(walletAddress) {
      for (const act of acts) act(walletAddress);
    },
    async listen(act) {
      acts.add(act);
      return async () => {
        acts.delete(act);
      };
    },
  };
}
