import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ClusterQueues, createClusterQueues, jsonEntryCodec, type QueuedPlayer } from './queues.ts';
import { openTestRedis, type TestRedis } from './test-support/test-redis.ts';

const entrySchema = z.object({ id: z.string() });
type Entry = z.infer<typeof entrySchema>;
const walletOf = (n: number) => `Wallet${n}`;
const searchOf = (n: number): Entry => ({ id: `search-${n}` });

let bed: TestRedis;
let queues: ClusterQueues<Entry>;

beforeEach(async () => {
  bed = await openTestRedis();
  queues = createClusterQueues({ redis: bed.client, keys: bed.keys, codec: jsonEntryCodec(entrySchema) });
});
afterEach(async () => {
  await bed.close();
});

const wallets = (pair: [QueuedPlayer<Entry>, QueuedPlayer<Entry>] | null) => pair?.map((p) => p.wallet);

/** What a FLUSHALL or a restart without persistence does to this bed's keys (and only to them). */
async function loseRedisData(): Promise<void> {
  let cursor = '0';
  do {
    const [next, found] = await bed.client.scan(cursor, 'MATCH', `${bed.keys.prefix}*`, 'COUNT', 500);
    if (found.length > 0) await bed.client.del(...found);
    cursor = next;
  } while (cursor !== '0');
}

describe('cluster queues: a search whose socket is away', () => {
  it('keeps its place but is passed over, the others paired in FIFO order; back, it is paired first', async () => {
    for (const n of [1, 2, 3, 4]) await queues.enqueue('tiny_tuna', walletOf(n), searchOf(n));
    await queues.markAway(walletOf(1), searchOf(1).id, true);
    expect(wallets(await queues.pair('tiny_tuna', randomUUID()))).toEqual([walletOf(2), walletOf(3)]);
    expect(await queues.positionOf(walletOf(1))).toEqual({ mode: 'tiny_tuna', position: 1 });
    // Alone but for an away search: nobody is paired.
    expect(await queues.pair('tiny_tuna', randomUUID())).toBeNull();
    await queues.markAway(walletOf(1), searchOf(1).id, false);
    expect(wallets(await queues.pair('tiny_tuna', randomUUID()))).toEqual([walletOf(1), walletOf(4)]);
  });

  it('an away search is passed over however many wait ahead of the pair', async () => {
    for (let n = 1; n <= 40; n++) {
      await queues.enqueue('practice', walletOf(n), searchOf(n));
      if (n <= 37) await queues.markAway(walletOf(n), searchOf(n).id, true);
    }
    expect(wallets(await queues.pair('practice', randomUUID()))).toEqual([walletOf(38), walletOf(39)]);
  });

  it('a mark holds only for the search it names: a newer search of the wallet, or a close, is not held by it', async () => {
    await queues.enqueue('practice', walletOf(1), searchOf(1));
    await queues.markAway(walletOf(1), 'an-older-search', true);
    await queues.enqueue('practice', walletOf(2), searchOf(2));
    expect(wallets(await queues.pair('practice', randomUUID()))).toEqual([walletOf(1), walletOf(2)]);

    // A search closed while away takes its mark with it: the wallet's next search is pairable at once.
    await queues.enqueue('practice', walletOf(3), searchOf(3));
    await queues.markAway(walletOf(3), searchOf(3).id, true);
    expect(await queues.remove(walletOf(3), searchOf(3).id)).toMatchObject({ removed: true });
    expect(await bed.client.hlen(bed.keys.queueAway())).toBe(0);
    await queues.enqueue('practice', walletOf(3), { id: 'search-3-again' });
    await queues.enqueue('practice', walletOf(4), searchOf(4));
    expect(wallets(await queues.pair('practice', randomUUID()))).toEqual([walletOf(3), walletOf(4)]);

    // Marking back a search that is not the marked one leaves the mark.
    await queues.enqueue('practice', walletOf(5), searchOf(5));
    await queues.markAway(walletOf(5), searchOf(5).id, true);
    await queues.markAway(walletOf(5), 'another-search', false);
    await queues.enqueue('practice', walletOf(6), searchOf(6));
    expect(await queues.pair('practice', randomUUID())).toBeNull();
  });
});

describe('cluster queues: Redis lost its data', () => {
  it('the epoch is written once and read by every node alike; after a loss it is another', async () => {
    const other = createClusterQueues({
      redis: await bed.connect(),
      keys: bed.keys,
      codec: jsonEntryCodec(entrySchema),
    });
    const first = await queues.epoch('from-node-a');
    expect(first).toBe('from-node-a');
    expect(await other.epoch('from-node-b')).toBe(first);
    await loseRedisData();
    expect(await other.epoch('from-node-b-later')).toBe('from-node-b-later');
    expect(await queues.epoch('from-node-a-later')).toBe('from-node-b-later');
  });

  it('searches put back by each node keep the order they joined in, away marks and all; a later search waits behind them', async () => {
    const places = new Map<number, number>();
    for (const n of [1, 2, 3, 4]) {
      const queued = await queues.enqueue('practice', walletOf(n), searchOf(n));
      if (!queued.ok) throw new Error('not queued');
      places.set(n, queued.place);
    }
    await queues.markAway(walletOf(2), searchOf(2).id, true);
    await loseRedisData();
    expect(await queues.lengths()).toMatchObject({ practice: 0 });

    // A search joining before anyone put theirs back is placed above every place the node has seen.
    const late = await queues.enqueue('practice', walletOf(5), searchOf(5), Math.max(...places.values()));
    expect(late).toMatchObject({ ok: true, place: 5 });
    const back = (ns: number[], away: number[] = []) =>
      queues.putBack(
        ns.map((n) => ({
          mode: 'practice' as const,
          wallet: walletOf(n),
          id: searchOf(n).id,
          entry: searchOf(n),
          place: places.get(n)!,
          away: away.includes(n),
        })),
      );
    // "Node B" holds searches 4 and 2 (away), "node A" 1 and 3; B puts its own back first.
    expect(await back([4, 2], [2])).toEqual([walletOf(4), walletOf(2)]);
    expect(await back([1, 3])).toEqual([walletOf(1), walletOf(3)]);
    // Putting back twice changes nothing.
    expect(await back([1, 3])).toEqual([]);
    expect(await queues.positionOf(walletOf(1))).toEqual({ mode: 'practice', position: 1 });
    expect(await queues.positionOf(walletOf(5))).toEqual({ mode: 'practice', position: 5 });
    expect(await queues.enqueue('practice', walletOf(6), searchOf(6))).toMatchObject({ place: 6 });

    expect(wallets(await queues.pair('practice', randomUUID()))).toEqual([walletOf(1), walletOf(3)]);
    expect(wallets(await queues.pair('practice', randomUUID()))).toEqual([walletOf(4), walletOf(5)]);
    expect(await queues.pair('practice', randomUUID())).toBeNull();
    expect(await queues.positionOf(walletOf(2))).toEqual({ mode: 'practice', position: 1 });
  });
});
