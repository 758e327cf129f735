import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../common/clock.ts';
import { boardKey, createRankingsCache, playerKey } from './rankings-cache.ts';

/** RELIABILITY 34 and 43: what strangers can ask for cannot grow the cache, and a change is never undone by it. */
describe('the rankings cache', () => {
  const TTL = 30_000;

  it('stays within its cap under many distinct addresses; pages with no record are not kept at all', async () => {
    const clock = createFakeClock();
    const cache = createRankingsCache({ clock, ttlMs: TTL, maxEntries: 100 });
    for (let i = 0; i < 5_000; i++) {
      await cache.get(
        playerKey(`wallet-${i}`),
        async () => (i % 2 === 0 ? null : { i }),
        (v) => v !== null,
      );
      expect(cache.size).toBeLessThanOrEqual(100);
    }
    expect(cache.size).toBe(100);
    // None of the kept ones is a missing page.
    let reads = 0;
    await cache.get(playerKey('wallet-4998'), async () => {
      reads += 1;
      return null;
    });
    expect(reads).toBe(1);
  });

  it('the least recently used goes first; a value read again within its time is not read twice', async () => {
    const clock = createFakeClock();
    const cache = createRankingsCache({ clock, ttlMs: TTL, maxEntries: 2 });
    const reads: string[] = [];
    const get = (key: string) =>
      cache.get(key, async () => {
        reads.push(key);
        return key;
      });
    await get('player:a');
    await get('player:b');
    await get('player:a'); // a is now the most recent
    await get('player:c'); // b goes
    await get('player:a');
    await get('player:b');
    expect(reads).toEqual(['player:a', 'player:b', 'player:c', 'player:b']);
    clock.advance(TTL);
    await get('player:b');
    expect(reads.at(-1)).toBe('player:b');
    expect(reads).toHaveLength(5);
  });

  it('a player forgotten: their page and every board are read afresh; a read under way is not kept', async () => {
    const clock = createFakeClock();
    const cache = createRankingsCache({ clock, ttlMs: TTL });
    await cache.get(playerKey('w'), async () => 'visible');
    await cache.get(boardKey('week', 'net'), async () => 'with w');
    await cache.get(playerKey('other'), async () => 'other page');

    let release: (value: string) => void = () => {};
    const slow = cache.get(
      boardKey('all', 'net'),
      () => new Promise<string>((resolve) => (release = resolve)),
    );
    cache.forgetPlayer('w');
    release('read before the change');
    expect(await slow).toBe('read before the change');

    expect(await cache.get(playerKey('w'), async () => 'gone')).toBe('gone');
    expect(await cache.get(boardKey('week', 'net'), async () => 'without w')).toBe('without w');
    expect(await cache.get(boardKey('all', 'net'), async () => 'fresh')).toBe('fresh');
    expect(await cache.get(playerKey('other'), async () => 'read again')).toBe('other page');
  });
});
