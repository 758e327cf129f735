import { describe, expect, it, vi } from 'vitest';
import { NODE_ID_PATTERN, NodeIdError, resolveNodeId } from './node-id.ts';

const source = (env: Record<string, string | undefined>, hostname = 'game-1.internal', pid = 4242) => ({
  env,
  hostname: () => hostname,
  pid,
});

describe('node id', () => {
  it.each(['a', 'node-2', 'eu_west.game-7', 'x'.repeat(64)])('NODE_ID %j is used as it is', (id) => {
    expect(resolveNodeId(source({ NODE_ID: id }))).toBe(id);
  });

  it.each(['x'.repeat(65), 'node 2', 'node/2', 'nœud', 'a:b', '{node}'])(
    'NODE_ID %j is refused with a clear error',
    (id) => {
      expect(() => resolveNodeId(source({ NODE_ID: id }))).toThrow(NodeIdError);
      expect(() => resolveNodeId(source({ NODE_ID: id }))).toThrow(
        `NODE_ID must be 1 to 64 characters of A-Z a-z 0-9 _ . - (got ${JSON.stringify(id)})`,
      );
    },
  );

  it('without NODE_ID (unset or empty) it is the host name and the process id', () => {
    expect(resolveNodeId(source({}))).toBe('game-1.internal-4242');
    expect(resolveNodeId(source({ NODE_ID: '' }))).toBe('game-1.internal-4242');
  });

  it('two processes on one host get different ids', () => {
    expect(resolveNodeId(source({}, 'host', 1))).not.toBe(resolveNodeId(source({}, 'host', 2)));
  });

  it('a host name outside the pattern, too long or empty still gives a valid id that keeps the pid', () => {
    for (const hostname of ['wéird host', 'h'.repeat(200), '']) {
      const id = resolveNodeId(source({}, hostname, 99_999));
      expect(id).toMatch(NODE_ID_PATTERN);
      expect(id.endsWith('-99999')).toBe(true);
    }
  });

  it('by default reads NODE_ID from process.env, else this process id', () => {
    try {
      vi.stubEnv('NODE_ID', 'from-env');
      expect(resolveNodeId()).toBe('from-env');
      vi.stubEnv('NODE_ID', '');
      expect(resolveNodeId().endsWith(`-${process.pid}`)).toBe(true);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
