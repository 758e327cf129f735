import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRedisKeys } from './redis-keys.ts';

describe('redis keys', () => {
  it('every key and channel starts with the prefix, in one hash slot, and no two collide', () => {
    const keys = createRedisKeys(`test:${randomUUID()}`);
    const all = [
      ...keys.allQueues(),
      keys.queuedWallets(),
      keys.queueEntries(),
      keys.queueSequence(),
      keys.queueAway(),
      keys.queueEpoch(),
      keys.handoff('w1'),
      keys.handoff('w2'),
      keys.playersOnline('n1'),
      keys.nodeHeartbeat('n1'),
      keys.nodes(),
      keys.channel('bans'),
    ];
    for (const key of all) {
      expect(key.startsWith(keys.prefix)).toBe(true);
      expect(key.match(/\{[^}]*\}/)?.[0]).toBe(keys.prefix.slice(0, keys.prefix.indexOf('}') + 1));
    }
    expect(new Set(all).size).toBe(all.length);
    expect(createRedisKeys().queue('practice')).toBe('{pong}:queue:practice');
  });

  it.each(['', 'has space', 'a{b}', 'x'.repeat(65)])('refuses the prefix %j', (prefix) => {
    expect(() => createRedisKeys(prefix)).toThrow(/Redis key prefix must be/);
  });
});
