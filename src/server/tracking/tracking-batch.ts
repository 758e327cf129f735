/**
 * What the tracker has seen since its last write, summed per IP and per wallet–IP pair, so a burst of
 * sockets and requests costs one upsert per address and per pair, whatever its size.
 */

export interface IpSighting {
  ipAddress: string;
  connections: number;
  requests: number;
  firstAt: number;
  lastAt: number;
}

export interface PairSighting {
  walletAddress: string;
  ipAddress: string;
  connections: number;
  gamesPlayed: number;
  firstAt: number;
  lastAt: number;
}

export interface TrackingBatch {
  ips: Map<string, IpSighting>;
  pairs: Map<string, PairSighting>;
}

export const emptyBatch = (): TrackingBatch => ({ ips: new Map(), pairs: new Map() });

export const batchSize = (batch: TrackingBatch) => batch.ips.size + batch.pairs.size;

export function addIp(batch: TrackingBatch, seen: IpSighting): void {
  const known = batch.ips.get(seen.ipAddress);
  if (!known) {
    batch.ips.set(seen.ipAddress, { ...seen });
    return;
  }
  known.connections += seen.connections;
  known.requests += seen.requests;
  known.firstAt = Math.min(known.firstAt, seen.firstAt);
  known.lastAt = Math.max(known.lastAt, seen.lastAt);
}

export function addPair(batch: TrackingBatch, seen: PairSighting): void {
  const key = `${seen.walletAddress} ${seen.ipAddress}`;
  const known = batch.pairs.get(key);
  if (!known) {
    batch.pairs.set(key, { ...seen });
    return;
  }
  known.connections += seen.connections;
  known.gamesPlayed += seen.gamesPlayed;
  known.firstAt = Math.min(known.firstAt, seen.firstAt);
  known.lastAt = Math.max(known.lastAt, seen.lastAt);
}

/** A batch whose write failed goes back in front of what arrived meanwhile. */
export function mergeInto(target: TrackingBatch, from: TrackingBatch): void {
  for (const ip of from.ips.values()) addIp(target, ip);
  for (const pair of from.pairs.values()) addPair(target, pair);
}
