import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GAME_MODE_IDS, type GameModeId } from '../../common/game-modes.ts';
import { type ClusterQueues, createClusterQueues, jsonEntryCodec, type QueuedPlayer } from './queues.ts';
import { openTestRedis, type TestRedis } from './test-support/test-redis.ts';

const entrySchema = z.object({ linkId: z.string(), joinedAt: z.number() });
type Entry = z.infer<typeof entrySchema>;
const codec = jsonEntryCodec(entrySchema);
const entry = (linkId: string): Entry => ({ linkId, joinedAt: 1_000 });
const walletOf = (n: number) => `Wallet${n}`;

let bed: TestRedis;
let queues: ClusterQueues<Entry>;

beforeEach(async () => {
  bed = await openTestRedis();
  queues = createClusterQueues({ redis: bed.client, keys: bed.keys, codec });
});
afterEach(async () => {
  await bed.close();
});

const wallets = (pair: [QueuedPlayer<Entry>, QueuedPlayer<Entry>] | null) => pair?.map((p) => p.wallet);

describe('cluster queues, one client', () => {
  it('pairs the two longest-waiting wallets of a mode in FIFO order, with their entries', async () => {
    for (const n of [1, 2, 3, 4, 5]) {
      expect(await queues.enqueue('tiny_tuna', walletOf(n), entry(`link-${n}`))).toEqual({
        ok: true,
        position: n,
        place: n,
      });
    }
    const first = await queues.pair('tiny_tuna', randomUUID());
    expect(wallets(first)).toEqual([walletOf(1), walletOf(2)]);
    expect(first?.map((p) => p.entry)).toEqual([entry('link-1'), entry('link-2')]);
    expect(first![0].place).toBeLessThan(first![1].place);
    expect(wallets(await queues.pair('tiny_tuna', randomUUID()))).toEqual([walletOf(3), walletOf(4)]);
    expect(await queues.pair('tiny_tuna', randomUUID())).toBeNull();
    expect(await queues.positionOf(walletOf(5))).toEqual({ mode: 'tiny_tuna', position: 1 });
  });

  it('a wallet is never in two queues: a second enqueue in any mode is refused and names the mode', async () => {
    expect((await queues.enqueue('practice', walletOf(1), entry('a'))).ok).toBe(true);
    for (const mode of GAME_MODE_IDS) {
      expect(await queues.enqueue(mode, walletOf(1), entry('b'))).toEqual({
        ok: false,
        reason: 'already_queued',
        mode: 'practice',
      });
    }
    expect((await queues.lengths()).practice).toBe(1);
    // The refused enqueue left the first entry as it was.
    expect(await queues.remove(walletOf(1))).toEqual({ removed: true, mode: 'practice', entry: entry('a') });
  });

  it('a single wallet is never paired with itself; modes do not mix', async () => {
    await queues.enqueue('giga_whale', walletOf(1), entry('a'));
    await queues.enqueue('smol_shrimp', walletOf(2), entry('b'));
    expect(await queues.pair('giga_whale', randomUUID())).toBeNull();
    expect(await queues.pair('smol_shrimp', randomUUID())).toBeNull();
    expect(await queues.lengths()).toEqual({
      practice: 0,
      smol_shrimp: 1,
      tiny_tuna: 0,
      mighty_marlin: 0,
      giga_whale: 1,
    });
  });

  it('remove takes a queued wallet out (it is never paired) and says so; a paired one is not removed', async () => {
    for (const n of [1, 2, 3]) await queues.enqueue('practice', walletOf(n), entry(`l${n}`));
    expect(await queues.remove(walletOf(1))).toEqual({ removed: true, mode: 'practice', entry: entry('l1') });
    expect(await queues.remove(walletOf(1))).toEqual({ removed: false });
    expect(wallets(await queues.pair('practice', randomUUID()))).toEqual([walletOf(2), walletOf(3)]);
    expect(await queues.remove(walletOf(2))).toEqual({ removed: false });
    expect(await queues.positionOf(walletOf(2))).toBeNull();
    // Out of the queue, the wallet may search again, at the back of the line.
    expect(await queues.enqueue('practice', walletOf(1), entry('again'))).toEqual({
      ok: true,
      position: 1,
      place: 4,
    });
  });

  it('remove with an expected id takes the wallet out only while that search is the queued one', async () => {
    const withIds = createClusterQueues({
      redis: bed.client,
      keys: bed.keys,
      codec: jsonEntryCodec(z.object({ id: z.string() })),
    });
    await withIds.enqueue('practice', walletOf(1), { id: 'new-search' });
    // A node closing an older search of the wallet leaves the newer one (made on another node) queued.
    expect(await withIds.remove(walletOf(1), 'old-search')).toEqual({ removed: false });
    expect(await withIds.positionOf(walletOf(1))).toEqual({ mode: 'practice', position: 1 });
    expect(await withIds.remove(walletOf(1), 'new-search')).toEqual({
      removed: true,
      mode: 'practice',
      entry: { id: 'new-search' },
    });
    expect(await withIds.lengths()).toMatchObject({ practice: 0 });
    // An entry without an id is never taken for the expected one.
    await queues.enqueue('practice', walletOf(2), entry('no-id'));
    expect(await queues.remove(walletOf(2), 'no-id')).toEqual({ removed: false });
  });

  it('restore puts a pair whose match could not start back at its old places, ahead of later searches', async () => {
    for (const n of [1, 2, 3]) await queues.enqueue('practice', walletOf(n), entry(`l${n}`));
    const pairingId = randomUUID();
    const pair = (await queues.pair('practice', pairingId))!;
    await queues.enqueue('practice', walletOf(4), entry('l4'));
    expect(await queues.restore('practice', pairingId, pair)).toEqual([walletOf(1), walletOf(2)]);
    expect(await queues.positionOf(walletOf(1))).toEqual({ mode: 'practice', position: 1 });
    expect(await queues.positionOf(walletOf(4))).toEqual({ mode: 'practice', position: 4 });
    // The pairing id's record went with the restore: pairing again under it takes from the queue afresh.
    expect(await queues.pair('practice', pairingId)).toEqual(pair);
    expect(await queues.positionOf(walletOf(3))).toEqual({ mode: 'practice', position: 1 });
  });

  it('restore leaves out a wallet that searched again meanwhile (its new search stands)', async () => {
    for (const n of [1, 2]) await queues.enqueue('practice', walletOf(n), entry(`l${n}`));
    const pairingId = randomUUID();
    const pair = (await queues.pair('practice', pairingId))!;
    await queues.enqueue('giga_whale', walletOf(2), entry('new'));
    expect(await queues.restore('practice', pairingId, pair)).toEqual([walletOf(1)]);
    expect(await queues.positionOf(walletOf(2))).toEqual({ mode: 'giga_whale', position: 1 });
    expect(await queues.remove(walletOf(2))).toEqual({
      removed: true,
      mode: 'giga_whale',
      entry: entry('new'),
    });
  });

  it('pairing again under the same pairing id returns the same pair and takes nobody else', async () => {
    for (const n of [1, 2, 3, 4]) await queues.enqueue('practice', walletOf(n), entry(`l${n}`));
    const pairingId = randomUUID();
    const first = await queues.pair('practice', pairingId);
    expect(wallets(first)).toEqual([walletOf(1), walletOf(2)]);
    expect(await queues.pair('practice', pairingId)).toEqual(first);
    expect((await queues.lengths()).practice).toBe(2);
    expect(wallets(await queues.pair('practice', randomUUID()))).toEqual([walletOf(3), walletOf(4)]);
  });

  it('refuses a malformed wallet or mode before touching Redis', async () => {
    await expect(queues.enqueue('practice', 'not a wallet', entry('a'))).rejects.toThrow(/queued wallet/);
    await expect(queues.enqueue('bogus' as GameModeId, walletOf(1), entry('a'))).rejects.toThrow(
      /Unknown game mode "bogus"/,
    );
    expect(await queues.lengths()).toEqual(Object.fromEntries(GAME_MODE_IDS.map((m) => [m, 0])));
  });

  it('loads its scripts again after Redis forgot them (SCRIPT FLUSH, a restarted Redis)', async () => {
    await bed.client.script('FLUSH');
    expect((await queues.enqueue('practice', walletOf(1), entry('a'))).ok).toBe(true);
    expect(await queues.positionOf(walletOf(1))).toEqual({ mode: 'practice', position: 1 });
  });
});

describe('cluster queues, many nodes at once', () => {
  it('several connections enqueuing, pairing and cancelling in parallel: each wallet paired at most once, never with itself, cancels exclusive with pairs, FIFO kept', async () => {
    const nodes = await Promise.all(
      [1, 2, 3, 4].map(async () =>
        createClusterQueues({ redis: await bed.connect(), keys: bed.keys, codec }),
      ),
    );
    const modes: GameModeId[] = ['practice', 'tiny_tuna'];
    const walletCount = 300;
    const enqueued = new Map<string, GameModeId>();
    const refused: string[] = [];
    const paired: Array<{ mode: GameModeId; pair: [QueuedPlayer<Entry>, QueuedPlayer<Entry>] }> = [];
    const cancelled = new Set<string>();
    const cancelMissed = new Set<string>();

    // Each wallet tries to join two modes at once through two nodes: exactly one may succeed.
    const joins = Array.from({ length: walletCount }, (_, n) => {
      const wallet = walletOf(n);
      return [0, 1].map(async (k) => {
        const node = nodes[(n + k) % nodes.length]!;
        const mode = modes[(n + k) % modes.length]!;
        const result = await node.enqueue(mode, wallet, entry(`link-${n}-${k}`));
        if (result.ok) {
          expect(enqueued.has(wallet)).toBe(false);
          enqueued.set(wallet, mode);
        } else refused.push(wallet);
      });
    }).flat();
    const pairings = nodes.flatMap((node, i) =>
      modes.map(async (mode) => {
        for (let round = 0; round < 60; round++) {
          const pair = await node.pair(mode, randomUUID());
          if (pair) paired.push({ mode, pair });
          if (round % 10 === i) await new Promise((resolve) => setImmediate(resolve));
        }
      }),
    );
    const cancels = Array.from({ length: walletCount / 3 }, async (_, i) => {
      const wallet = walletOf(i * 3);
      const result = await nodes[i % nodes.length]!.remove(wallet);
      (result.removed ? cancelled : cancelMissed).add(wallet);
    });
    await Promise.all([...joins, ...pairings, ...cancels]);

    // Drain what is left so every wallet's fate is known.
    const left = new Map<string, { mode: GameModeId; place: number }>();
    for (const mode of modes) {
      const members = await bed.client.zrange(bed.keys.queue(mode), '0', '-1', 'WITHSCORES');
      for (let i = 0; i < members.length; i += 2) {
        left.set(members[i]!, { mode, place: Number(members[i + 1]) });
      }
    }

    expect(enqueued.size).toBe(walletCount);
    expect(refused.length).toBe(walletCount);
    const pairedWallets = paired.flatMap(({ pair }) => pair.map((p) => p.wallet));
    expect(new Set(pairedWallets).size).toBe(pairedWallets.length);
    for (const { mode, pair } of paired) {
      expect(pair[0].wallet).not.toBe(pair[1].wallet);
      expect(pair[0].place).toBeLessThan(pair[1].place);
      for (const p of pair) {
        expect(enqueued.get(p.wallet)).toBe(mode);
        expect(cancelled.has(p.wallet)).toBe(false);
      }
    }
    // Every wallet ended exactly one way: paired, cancelled, or still queued in its one mode.
    for (const [wallet, mode] of enqueued) {
      const fates = [pairedWallets.includes(wallet), cancelled.has(wallet), left.has(wallet)];
      expect(fates.filter(Boolean)).toHaveLength(1);
      if (left.has(wallet)) expect(left.get(wallet)!.mode).toBe(mode);
    }
    expect(await bed.client.hlen(bed.keys.queuedWallets())).toBe(left.size);
    // FIFO: pairing always took the oldest, so whoever still waits joined after everyone paired in its mode.
    for (const mode of modes) {
      const pairedPlaces = paired
        .filter((p) => p.mode === mode)
        .flatMap(({ pair }) => pair.map((p) => p.place));
      const waitingPlaces = [...left.values()].filter((w) => w.mode === mode).map((w) => w.place);
      if (pairedPlaces.length > 0 && waitingPlaces.length > 0) {
        expect(Math.max(...pairedPlaces)).toBeLessThan(Math.min(...waitingPlaces));
      }
      // And any two pairs of a mode do not interleave: whichever ran first took only older wallets.
      const byAge = paired
        .filter((p) => p.mode === mode)
        .map(({ pair }) => [pair[0].place, pair[1].place] as const)
        .sort((a, b) => a[0] - b[0]);
      for (let i = 1; i < byAge.length; i++) expect(byAge[i - 1]![1]).toBeLessThan(byAge[i]![0]);
    }
    expect(paired.length).toBeGreaterThan(50);
    expect(cancelled.size + cancelMissed.size).toBe(walletCount / 3);
  });
});
