import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../common/clock.ts';
import { createLostNodeWatch } from './lost-node-watch.ts';

/**
 * When a node is taken for lost. The rules alone, with the liveness and the database as
 * plain functions (the real Redis and database are in cluster-node.test.ts and lost-node-settlement.test.ts).
 */
function bed(options: { confirmMs?: number; settleInMs?: number } = {}) {
  const clock = createFakeClock();
  const state = {
    live: ['me'] as string[],
    owners: [] as string[],
    redisDown: false,
    settleFails: false,
    settled: [] as string[][],
  };
  const watch = createLostNodeWatch({
    nodeId: 'me',
    clock,
    liveNodes: async () => {
      if (state.redisDown) throw new Error('Connection is closed.');
      return state.live;
    },
    ownersOfOpenWork: async () => state.owners,
    settle: async (ids) => {
      if (state.settleFails) throw new Error('database refused');
      state.settled.push(ids);
    },
    confirmMs: options.confirmMs ?? 3_000,
    settleInMs: options.settleInMs ?? 0,
    log: () => {},
  });
  return { clock, state, watch };
}

describe('the lost-node watch', () => {
  it('a node missing from Redis with open work is settled once it has been missing for confirmMs', async () => {
    const { clock, state, watch } = bed();
    state.owners = ['me', 'gone', 'alive'];
    state.live = ['me', 'alive'];
    await watch.check();
    expect(state.settled).toEqual([]);
    clock.advance(2_999);
    await watch.check();
    expect(state.settled).toEqual([]);
    clock.advance(1);
    await watch.check();
    expect(state.settled).toEqual([['gone']]);
  });

  it('a node that beats again within confirmMs is not settled, and its suspicion starts over', async () => {
    const { clock, state, watch } = bed();
    state.owners = ['slow'];
    await watch.check();
    clock.advance(2_000);
    state.live = ['me', 'slow'];
    await watch.check();
    state.live = ['me'];
    clock.advance(2_000);
    await watch.check();
    expect(state.settled).toEqual([]);
    expect(watch.suspects().get('slow')).toBe(clock.now());
  });

  it('while Redis cannot be read, nobody is suspected; after it returns, the wait starts over', async () => {
    const { clock, state, watch } = bed();
    state.owners = ['other'];
    await watch.check();
    clock.advance(2_000);
    state.redisDown = true;
    await watch.check();
    expect(watch.suspects().size).toBe(0);
    state.redisDown = false;
    clock.advance(10_000);
    // Redis came back empty (restarted): the other node has not beaten yet. Not lost on this evidence.
    await watch.check();
    expect(state.settled).toEqual([]);
    clock.advance(3_000);
    await watch.check();
    expect(state.settled).toEqual([['other']]);
  });

  it('after Redis could not be read, nobody is suspected until it has answered for settleInMs', async () => {
    const { clock, state, watch } = bed({ settleInMs: 5_000 });
    state.owners = ['other'];
    state.redisDown = true;
    await watch.check();
    state.redisDown = false;
    // Back (maybe empty): 'other' reconnects slowly and has not beaten yet.
    await watch.check();
    clock.advance(4_999);
    await watch.check();
    expect(watch.suspects().size).toBe(0);
    clock.advance(1);
    await watch.check();
    expect(watch.suspects().get('other')).toBe(clock.now());
    // It beats again in time: never settled.
    state.live = ['me', 'other'];
    clock.advance(1_000);
    await watch.check();
    clock.advance(10_000);
    await watch.check();
    expect(state.settled).toEqual([]);
  });

  it('its own failed heartbeat makes it distrust what it saw', async () => {
    const { clock, state, watch } = bed();
    state.owners = ['other'];
    await watch.check();
    clock.advance(2_500);
    watch.distrust();
    clock.advance(1_000);
    await watch.check();
    expect(state.settled).toEqual([]);
  });

  it('never takes itself for lost, nor a node with no open work', async () => {
    const { clock, state, watch } = bed();
    state.live = [];
    state.owners = ['me'];
    await watch.check();
    clock.advance(60_000);
    await watch.check();
    expect(state.settled).toEqual([]);
    expect(watch.suspects().size).toBe(0);
  });

  it('a settlement that fails is tried again at the next look; one that succeeds is not repeated', async () => {
    const { clock, state, watch } = bed();
    state.owners = ['gone'];
    await watch.check();
    clock.advance(3_000);
    state.settleFails = true;
    await watch.check();
    expect(state.settled).toEqual([]);
    state.settleFails = false;
    await watch.check();
    expect(state.settled).toEqual([['gone']]);
    state.owners = [];
    await watch.check();
    expect(state.settled).toEqual([['gone']]);
  });

  it('looks do not overlap: a second check while one runs shares it', async () => {
    const { state, watch } = bed();
    state.owners = ['x'];
    const [a, b] = [watch.check(), watch.check()];
    expect(a).toBe(b);
    await a;
  });
});
