import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../common/protocol.ts';
import { timePaidSearch } from './paid-search-timing.ts';

const joinQueue: ServerMessage = {
  type: 'joinQueue',
  queueType: 'smol_shrimp',
  queuePosition: 1,
  playersOnline: 2,
};
const refused: ServerMessage = {
  type: 'error',
  data: { message: 'Payment not found', code: 'payment_refused' },
};

describe('a paid findMatch is timed to its joinQueue reply', () => {
  it('reports once, when joinQueue leaves, and every message still reaches the socket', async () => {
    const delivered: string[] = [];
    const link = { send: (m: ServerMessage) => void delivered.push(m.type) };
    const original = link.send;
    const times: number[] = [];
    await timePaidSearch(
      link,
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        link.send({ type: 'findMatch', status: 'searching', gameMode: 'smol_shrimp', message: 'Searching' });
        link.send(joinQueue);
        link.send(joinQueue);
      },
      (ms) => times.push(ms),
    );
    expect(times).toHaveLength(1);
    expect(times[0]).toBeGreaterThanOrEqual(15);
    expect(delivered).toEqual(['findMatch', 'joinQueue', 'joinQueue']);
    expect(link.send).toBe(original);
  });

  it('reports nothing for a refused payment, and gives the link its own send back even if the handler throws', async () => {
    const link = { send: (_m: ServerMessage) => {} };
    const original = link.send;
    const times: number[] = [];
    await timePaidSearch(
      link,
      () => link.send(refused),
      (ms) => times.push(ms),
    );
    await expect(
      timePaidSearch(
        link,
        () => Promise.reject(new Error('database down')),
        (ms) => times.push(ms),
      ),
    ).rejects.toThrow('database down');
    expect(times).toEqual([]);
    expect(link.send).toBe(original);
  });
});
