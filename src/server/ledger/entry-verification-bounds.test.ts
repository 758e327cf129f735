import { type Address, generateKeyPairSigner, getBase58Decoder } from '@solana/kit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/db-harness.ts';
import { getGameMode } from '../../common/game-modes.ts';
import { ERROR_MESSAGES } from '../../common/protocol.ts';
import {
  airdropTo,
  type LocalChainServer,
  removeDataDir,
  startLocalChainServer,
} from '../chain/test-support/local-chain-server.ts';
import { ENTRY_MESSAGES } from './entry-messages.ts';
import { countingRpc, ledgerRowsOf, pay } from './entry-test-kit.ts';
import { createEntryVerifier, type EntryVerifierDeps } from './entry-verifier.ts';
import type { LookupRpc } from './verify-lookup.ts';

/**
 * Issue 8, fault 6: a well-formed signature the chain does not know costs a whole look-up sequence (about 11
 * getTransaction calls over 30 s). Verifications in flight are bounded per wallet, per address and overall,
 * and one look-up per signature is shared. The RPC is the product's client on the real local chain, counting
 * its calls; the backoff waits are held until the test lets them go, so "in flight" is a state the test
 * controls, and then advance the chain's fake clock.
 */

const SOL = 1_000_000_000n;
const MODE = getGameMode('smol_shrimp');
const BUSY = { ok: false, message: ERROR_MESSAGES.verificationsBusy, code: 'verification_busy' };
const NOT_FOUND = { ok: false, message: ENTRY_MESSAGES.notFoundYet };

let server: LocalChainServer;
let house: Address;

beforeAll(async () => {
  server = await startLocalChainServer();
  house = (await generateKeyPairSigner()).address;
});

afterAll(async () => {
  await server?.stop();
  if (server) await removeDataDir(server.dataDir);
});

const bogus = () => getBase58Decoder().decode(crypto.getRandomValues(new Uint8Array(64)));
const wallet = async () => (await generateKeyPairSigner()).address;

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

type Verdict = Awaited<ReturnType<ReturnType<typeof createEntryVerifier>['verify']>>;

/**
 * The verdict if it comes before the verification calls the RPC, or 'looked up' once it calls it instead:
 * what an excess verification did before issue 8 (and then waited on the held backoff).
 */
function answerWithoutCall(attempt: Promise<Verdict>, calls: () => number): Promise<Verdict | 'looked up'> {
  const before = calls();
  return new Promise((resolve) => {
    const watch = setInterval(() => {
      if (calls() === before) return;
      clearInterval(watch);
      resolve('looked up');
    }, 2);
    void attempt.then((verdict) => {
      clearInterval(watch);
      resolve(verdict);
    });
  });
}

describeEachDatabase('issue 8 fault 6: entry verifications in flight are bounded', (target) => {
  /**
   * A verifier on a counting RPC whose backoff waits hold until `letGo()`, then advance the chain's clock;
   * `holdAnswers()` also keeps the chain's answers back until `answer()`.
   */
  function heldVerifier(inFlight?: EntryVerifierDeps['inFlight']) {
    const counting = countingRpc(server.url);
    let answers: Promise<void> = Promise.resolve();
    let answer = () => {};
    const rpc = {
      getTransaction: (...args: Parameters<LookupRpc['getTransaction']>) => {
        const call = counting.rpc.getTransaction(...args);
        return {
          send: async (options?: Parameters<typeof call.send>[0]) => {
            await answers;
            return call.send(options);
          },
        };
      },
    } as LookupRpc;
    const holdAnswers = () => {
      answers = new Promise<void>((resolve) => {
        answer = resolve;
      });
    };
    let held = true;
    const waiting: Array<() => void> = [];
    const verifier = createEntryVerifier({
      db: target.db,
      houseWallet: house,
      rpc,
      clock: server.clock,
      sleep: async (ms) => {
        if (held) await new Promise<void>((resolve) => waiting.push(resolve));
        server.clock.advance(ms);
      },
      ...(inFlight ? { inFlight } : {}),
    });
    const letGo = () => {
      held = false;
      for (const resolve of waiting.splice(0)) resolve();
    };
    return { verifier, calls: counting.calls, letGo, holdAnswers, answer: () => answer() };
  }
  const request = (walletAddress: string, signature: string, ip: string | null = '203.0.113.1') => ({
    walletAddress,
    mode: MODE.id,
    signature,
    ip,
  });

  /** The getTransaction calls of one whole look-up sequence of an unknown signature, alone. */
  async function oneSequence(): Promise<number> {
    const { verifier, calls, letGo } = heldVerifier();
    letGo();
    expect(await verifier.verify(request(await wallet(), bogus()))).toEqual(NOT_FOUND);
    return calls();
  }

  it('issue 8 fault 6: ten parallel attempts with one unknown signature from one wallet cost one look-up sequence', async () => {
    const sequence = await oneSequence();
    expect(sequence).toBeGreaterThanOrEqual(10);
    const { verifier, calls, letGo } = heldVerifier();
    const player = await wallet();
    const signature = bogus();
    const attempts = Array.from({ length: 10 }, () => verifier.verify(request(player, signature)));
    await until(() => verifier.load().lookups === 1 && verifier.load().sharing === 9);
    expect(calls()).toBe(1);
    letGo();
    expect(await Promise.all(attempts)).toEqual(Array(10).fill(NOT_FOUND));
    expect(calls()).toBe(sequence);
    expect(verifier.load()).toEqual({ lookups: 0, sharing: 0 });
  });

  it('issue 8 fault 6: one look-up at a time per wallet: other signatures are answered at once with the busy error and cost no call; the slot frees when the verification ends', async () => {
    const sequence = await oneSequence();
    const { verifier, calls, letGo } = heldVerifier();
    const player = await wallet();
    const first = verifier.verify(request(player, bogus()));
    await until(() => calls() === 1);
    // From the same address or another: the wallet's own cap.
    expect(await answerWithoutCall(verifier.verify(request(player, bogus())), calls)).toEqual(BUSY);
    expect(await answerWithoutCall(verifier.verify(request(player, bogus(), '198.51.100.7')), calls)).toEqual(
      BUSY,
    );
    expect(calls()).toBe(1);
    letGo();
    expect(await first).toEqual(NOT_FOUND);
    expect(verifier.load().lookups).toBe(0);
    expect(await verifier.verify(request(player, bogus()))).toEqual(NOT_FOUND);
    expect(calls()).toBe(2 * sequence);
  });

  it('issue 8 fault 6: at most 3 look-ups per address and a cap for the whole server; the excess gets the busy error', async () => {
    const { verifier, calls, letGo } = heldVerifier({ overall: 4 });
    const crowd = await Promise.all(Array.from({ length: 6 }, wallet));
    const running = crowd.slice(0, 3).map((w) => verifier.verify(request(w, bogus(), '203.0.113.1')));
    await until(() => calls() === 3);
    // A fourth fresh keypair behind the same address is refused; another address is not.
    expect(
      await answerWithoutCall(verifier.verify(request(crowd[3]!, bogus(), '203.0.113.1')), calls),
    ).toEqual(BUSY);
    running.push(verifier.verify(request(crowd[4]!, bogus(), '198.51.100.7')));
    await until(() => calls() === 4);
    expect(verifier.load().lookups).toBe(4);
    // The server is full: a fifth, from a third address, waits its turn too.
    expect(await answerWithoutCall(verifier.verify(request(crowd[5]!, bogus(), '192.0.2.9')), calls)).toEqual(
      BUSY,
    );
    expect(calls()).toBe(4);
    letGo();
    expect(await Promise.all(running)).toEqual(Array(4).fill(NOT_FOUND));
    expect(await verifier.verify(request(crowd[3]!, bogus(), '203.0.113.1'))).toEqual(NOT_FOUND);
  });

  it('issue 8 fault 6: a legitimate payment still verifies while strangers are being looked up; two verifications of it share one look-up and the database gives the entry once', async () => {
    const { verifier, calls, letGo, holdAnswers, answer } = heldVerifier();
    const stranger = verifier.verify(request(await wallet(), bogus(), '198.51.100.7'));
    await until(() => calls() === 1);
    const from = await airdropTo(server, SOL);
    const signature = await pay(server, { from, to: house, lamports: MODE.wagerLamports });
    const before = calls();
    holdAnswers();
    const both = Promise.all([
      verifier.verify(request(from.address, signature)),
      verifier.verify(request(from.address, signature, '192.0.2.9')),
    ]);
    // Until the second verification has joined the first one's look-up, or made a call of its own.
    await until(() => calls() - before === 2 || verifier.load().sharing === 1);
    answer();
    const [one, two] = await both;
    expect(calls() - before).toBe(1);
    const verdicts = [one, two].map((v) => (v.ok ? 'entry' : v.message)).sort();
    expect(verdicts).toEqual([ENTRY_MESSAGES.alreadyUsed, 'entry'].sort());
    expect(await ledgerRowsOf(target.db, signature)).toHaveLength(1);
    letGo();
    expect(await stranger).toEqual(NOT_FOUND);
  });
});
