import { getBase58Decoder, type Signature } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../common/clock.ts';
import { DEFAULT_LOOKUP_POLICY, type LookupRpc, lookUpTransaction } from './verify-lookup.ts';

const SIGNATURE = getBase58Decoder().decode(new Uint8Array(64).fill(5)) as Signature;
const FOUND = { slot: 1n, blockTime: 1n, meta: null, transaction: {} };

type Answer = 'null' | 'slow-null' | 'found' | 'error' | 'hang';

/** An RPC stub answering from a script (the last answer repeats), recording the fake time of each call. */
function scriptedRpc(script: Answer[], clock: { now(): number }) {
  const calls: number[] = [];
  const rpc = {
    getTransaction: () => ({
      send: ({ abortSignal }: { abortSignal: AbortSignal }) => {
        calls.push(clock.now());
        const answer = script[Math.min(calls.length - 1, script.length - 1)];
        if (answer === 'found') return Promise.resolve(FOUND);
        if (answer === 'null') return Promise.resolve(null);
        if (answer === 'error') return Promise.reject(new Error('HTTP error (429): Too Many Requests'));
        return new Promise((resolve, reject) => {
          abortSignal.addEventListener('abort', () => reject(abortSignal.reason));
          if (answer === 'slow-null') setTimeout(() => resolve(null), 10);
        });
      },
    }),
  } as unknown as LookupRpc;
  return { rpc, calls };
}

function setup(script: Answer[], policy = DEFAULT_LOOKUP_POLICY) {
  const clock = createFakeClock();
  const start = clock.now();
  const { rpc, calls } = scriptedRpc(script, clock);
  const sleeps: number[] = [];
  const deps = {
    rpc,
    clock,
    policy,
    log: () => {},
    sleep: async (ms: number) => {
      sleeps.push(ms);
      clock.advance(ms);
    },
  };
  return { deps, calls: () => calls.map((t) => t - start), sleeps };
}

describe("a signature the RPC does not show costs one call; the waiting is the client's", () => {
  it('a signature the RPC does not know is asked for once and answered "not found" at once, with no wait', async () => {
    const { deps, calls, sleeps } = setup(['null']);
    const outcome = await lookUpTransaction(deps, SIGNATURE);
    expect(outcome).toEqual({ kind: 'not_found', attempts: 1 });
    expect(calls()).toEqual([0]);
    expect(sleeps).toEqual([]);
  });

  it('returns the transaction as soon as the RPC shows it', async () => {
    const { deps, calls } = setup(['found']);
    const outcome = await lookUpTransaction(deps, SIGNATURE);
    expect(outcome).toEqual({ kind: 'found', transaction: FOUND, attempts: 1 });
    expect(calls()).toEqual([0]);
  });
});

describe('RPC errors and timeouts are retried briefly, never read as an answer', () => {
  it('errors, then the transaction: found', async () => {
    const { deps } = setup(['error', 'error', 'error', 'found']);
    expect(await lookUpTransaction(deps, SIGNATURE)).toMatchObject({ kind: 'found', attempts: 4 });
  });

  it('errors for the whole 8 s budget: unavailable (neither found nor not found) after attempts at 0, 0.5, 1.5, 3.5, 7.5 and 8 s', async () => {
    const { deps, calls, sleeps } = setup(['error']);
    const outcome = await lookUpTransaction(deps, SIGNATURE);
    expect(outcome).toMatchObject({ kind: 'unavailable', attempts: 6 });
    expect(calls()).toEqual([0, 500, 1_500, 3_500, 7_500, 8_000]);
    expect(sleeps).toEqual([500, 1_000, 2_000, 4_000, 500]);
  });

  it('a call that never answers is abandoned after the per-call timeout and retried', async () => {
    const { deps } = setup(['hang', 'found'], { ...DEFAULT_LOOKUP_POLICY, callTimeoutMs: 20 });
    expect(await lookUpTransaction(deps, SIGNATURE)).toMatchObject({ kind: 'found', attempts: 2 });
  });

  it('the last attempt, at the end of the budget, still gets a whole call timeout', async () => {
    const script: Answer[] = ['error', 'error', 'error', 'error', 'error', 'slow-null'];
    const { deps, calls } = setup(script, { ...DEFAULT_LOOKUP_POLICY, callTimeoutMs: 2_000 });
    expect(await lookUpTransaction(deps, SIGNATURE)).toEqual({ kind: 'not_found', attempts: 6 });
    expect(calls().at(-1)).toBe(8_000);
  });

  it('an early error then "not found" is not found, at once', async () => {
    const { deps } = setup(['error', 'null']);
    expect(await lookUpTransaction(deps, SIGNATURE)).toEqual({ kind: 'not_found', attempts: 2 });
  });
});
