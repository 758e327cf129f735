import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findFreePortRange } from '../../scripts/cluster/free-port-range.ts';

/** Linux's ephemeral ports begin here on this machine (32768 where the file is missing). */
function ephemeralStart(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return 32_768;
  }
}

describe('a cluster’s ports are found where no outgoing connection takes them', () => {
  it('every range found lies from 20000 up to below where the ephemeral ports begin', async () => {
    for (let i = 0; i < 20; i++) {
      const base = await findFreePortRange(3);
      expect(base).toBeGreaterThanOrEqual(20_000);
      expect(base + 3).toBeLessThanOrEqual(ephemeralStart());
    }
  });
});
