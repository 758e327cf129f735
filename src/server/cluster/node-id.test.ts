import { describe, expect, it } from 'vitest';
import { NODE_ID_PATTERN, NodeIdError, resolveNodeId } from './node-id.ts';

const source = (
  configured: string | undefined,
  hostname = 'game-1.internal',
  pid = 4242,
  cluster = true,
) => ({
  configured,
  cluster,
  hostname: () => hostname,
  pid,
});

describe('node id', () => {
  it.each(['a', 'node-2', 'eu_west.game-7', 'x'.repeat(64)])('NODE_ID %j is used as it is', (id) => {
    expect(resolveNodeId(source(id))).toBe(id);
    expect(resolveNodeId(source(id, 'h', 1, false))).toBe(id);
  });

  it.each(['x'.repeat(65), 'node 2', 'node/2', 'nœud', 'a:b', '{node}'])(
    'NODE_ID %j is refused with a clear error',
    (id) => {
      expect(() => resolveNodeId(source(id))).toThrow(NodeIdError);
      expect(() => resolveNodeId(source(id))).toThrow(
        `NODE_ID must be 1 to 64 characters of A-Z a-z 0-9 _ . - (got ${JSON.stringify(id)})`,
      );
    },
  );

  it('in cluster mode without NODE_ID (unset or empty) it is the host name and the process id', () => {
    expect(resolveNodeId(source(undefined))).toBe('game-1.internal-4242');
    expect(resolveNodeId(source(''))).toBe('game-1.internal-4242');
  });

  it('alone on its database without NODE_ID it is the host name, the same after a restart', () => {
    expect(resolveNodeId(source(undefined, 'game-1.internal', 1, false))).toBe('game-1.internal');
    expect(resolveNodeId(source(undefined, 'game-1.internal', 2, false))).toBe('game-1.internal');
  });

  it('in cluster mode two processes on one host get different ids', () => {
    expect(resolveNodeId(source(undefined, 'host', 1))).not.toBe(resolveNodeId(source(undefined, 'host', 2)));
  });

  it('a host name outside the pattern, too long or empty still gives a valid id (that keeps the pid in cluster mode)', () => {
    for (const hostname of ['wéird host', 'h'.repeat(200), '']) {
      const id = resolveNodeId(source(undefined, hostname, 99_999));
      expect(id).toMatch(NODE_ID_PATTERN);
      expect(id.endsWith('-99999')).toBe(true);
      expect(resolveNodeId(source(undefined, hostname, 99_999, false))).toMatch(NODE_ID_PATTERN);
    }
  });

  it('by default it is this machine and this process', () => {
    expect(resolveNodeId({ configured: undefined, cluster: true }).endsWith(`-${process.pid}`)).toBe(true);
  });
});
