import { type Address, generateKeyPairSigner, getBase58Decoder } from '@solana/kit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import {
  airdropTo,
  type LocalChainServer,
  removeDataDir,
  startLocalChainServer,
} from '../../../../test/support/local-chain-server.ts';
import { SOL } from '../../../../test/support/money.ts';
import { until } from '../../../../test/support/until.ts';
import { getGameMode } from '../../../common/game-modes.ts';
import { ERROR_MESSAGES, isPassingRefusal } from '../../../common/protocol.ts';
import { walletAnalytics } from '../../admin/analytics/refresh-wallet-analytics.ts';
import { transactions } from '../../db/schema/index.ts';
import { checkMoney, sweepUnusedEntriesAfterGrace } from '../test-support/money-check.ts';
import { ENTRY_MESSAGES } from './entry-messages.ts';
import { createEntryVerifier, type EntryVerifierDeps } from './entry-verifier.ts';
import { countingRpc, ledgerRowsOf, pay } from './test-support/entry-fixtures.ts';
import type { LookupRpc } from './verify-lookup.ts';

/**
 * RELIABILITY 29: verifications in flight are bounded per wallet, per address and overall, one look-up per
 * signature is shared, and a signature the chain has never seen costs one look-up, so strangers flooding the
 * verifier with made-up signatures hold no slot for long. The RPC is the product's client on the real local
 * chain, counting its calls; its answers can be held back until the test lets them go, so "in flight" is a
 * state the test controls, and backoff waits (RPC failures only) hold too and then advance the fake clock.
 */

const MODE = getGameMode('smol_shrimp');
const BUSY = { ok: false, message: ERROR_MESSAGES.verificationsBusy, code: 'verification_busy' };
const NOT_VISIBLE = { ok: false, message: ENTRY_MESSAGES.notFoundYet, code: 'payment_not_visible' };

let server: LocalChainServer;

beforeAll(async () => {
  server = await startLocalChainServer();
});

afterAll(async () => {
  await server?.stop();
  if (server) await removeDataDir(server.dataDir);
});

const bogus = () => getBase58Decoder().decode(crypto.getRandomValues(new Uint8Array(64)));
const wallet = async () => (await generateKeyPairSigner()).address;

/**
 * Verifications settle within a few polls; the bound only ends a hung test. 60 s: 66 look-ups through the
 * local chain took over 10 s beside a whole suite at a load average of 15.
 */
const POLL = { timeoutMs: 60_000, intervalMs: 2 };

type Verdict = Awaited<ReturnType<ReturnType<typeof createEntryVerifier>['verify']>>;

/** The verdict if it comes before the verification calls the RPC, or 'looked up' once it calls it instead. */
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

/** Promises and how many of them have settled, so a test can wait for them without awaiting them. */
function tracked<T>(promises: Promise<T>[]) {
  let settled = 0;
  for (const p of promises) void p.finally(() => settled++);
  return { all: Promise.all(promises), settled: () => settled };
}

describeEachDatabase('entry verifications in flight are bounded and cheap', (target) => {
  /** A house wallet per database, so that its chain history is the payments this database recorded. */
  let house: Address;
  beforeAll(async () => {
    house = (await generateKeyPairSigner()).address;
  });

  /**
   * A verifier on a counting RPC: `holdAnswers()` keeps the chain's answers back until `answer()`; backoff
   * waits (only after an RPC failure) hold until `letGo()`, then advance the chain's clock.
   */
  function heldVerifier(inFlight?: EntryVerifierDeps['inFlight']) {
    const counting = countingRpc(server.url);
    let answers: Promise<void> = Promise.resolve();
    let answer = () => {};
    let failed = 0;
    const rpc = {
      getTransaction: (...args: Parameters<LookupRpc['getTransaction']>) => {
        const call = counting.rpc.getTransaction(...args);
        return {
          send: async (options?: Parameters<typeof call.send>[0]) => {
            await answers;
            try {
              return await call.send(options);
            } catch (error) {
              failed++;
              throw error;
            }
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
      analytics: walletAnalytics,
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
    return {
      verifier,
      calls: counting.calls,
      /** Look-ups that failed (a 5 s call timeout on a loaded machine): only these may be retried. */
      failed: () => failed,
      letGo,
      holdAnswers,
      answer: () => answer(),
    };
  }
  const request = (walletAddress: string, signature: string, ip: string | null = '203.0.113.1') => ({
    walletAddress,
    mode: MODE.id,
    signature,
    ip,
  });
  const paid = async () => {
    const from = await airdropTo(server, SOL);
    return { from, signature: await pay(server, { from, to: house, lamports: MODE.wagerLamports }) };
  };

  it('a made-up signature costs one RPC look-up and frees its slot as soon as the chain answers', async () => {
    const { verifier, calls } = heldVerifier();
    expect(await verifier.verify(request(await wallet(), bogus()))).toEqual(NOT_VISIBLE);
    expect(calls()).toBe(1);
    expect(verifier.load()).toEqual({ lookups: 0, sharing: 0 });
  });

  it('ten parallel attempts with one unknown signature from one wallet cost one look-up', async () => {
    const { verifier, calls, holdAnswers, answer } = heldVerifier();
    holdAnswers();
    const player = await wallet();
    const signature = bogus();
    const attempts = Array.from({ length: 10 }, () => verifier.verify(request(player, signature)));
    await until(() => verifier.load().lookups === 1 && verifier.load().sharing === 9, POLL);
    expect(calls()).toBe(1);
    answer();
    expect(await Promise.all(attempts)).toEqual(Array(10).fill(NOT_VISIBLE));
    expect(calls()).toBe(1);
    expect(verifier.load()).toEqual({ lookups: 0, sharing: 0 });
  });

  it('one look-up at a time per wallet: other signatures get the passing busy refusal at once and cost no call', async () => {
    const { verifier, calls, holdAnswers, answer } = heldVerifier();
    holdAnswers();
    const player = await wallet();
    const first = verifier.verify(request(player, bogus()));
    await until(() => calls() === 1, POLL);
    // From the same address or another: the wallet's own cap.
    expect(await answerWithoutCall(verifier.verify(request(player, bogus())), calls)).toEqual(BUSY);
    expect(await answerWithoutCall(verifier.verify(request(player, bogus(), '198.51.100.7')), calls)).toEqual(
      BUSY,
    );
    expect(isPassingRefusal(BUSY.code)).toBe(true);
    answer();
    expect(await first).toEqual(NOT_VISIBLE);
    expect(verifier.load().lookups).toBe(0);
    expect(await verifier.verify(request(player, bogus()))).toEqual(NOT_VISIBLE);
    expect(calls()).toBe(2);
  });

  it('at most 16 look-ups per address and a cap for the whole server; the excess gets the passing busy refusal', async () => {
    const { verifier, calls, holdAnswers, answer } = heldVerifier({ overall: 17 });
    holdAnswers();
    const crowd = await Promise.all(Array.from({ length: 19 }, wallet));
    const running = crowd.slice(0, 16).map((w) => verifier.verify(request(w, bogus(), '203.0.113.1')));
    await until(() => calls() === 16, POLL);
    // A seventeenth fresh keypair behind the same address is refused; another address is not.
    expect(
      await answerWithoutCall(verifier.verify(request(crowd[16]!, bogus(), '203.0.113.1')), calls),
    ).toEqual(BUSY);
    running.push(verifier.verify(request(crowd[17]!, bogus(), '198.51.100.7')));
    await until(() => calls() === 17, POLL);
    // The server is full: another, from a third address, waits its turn too.
    expect(
      await answerWithoutCall(verifier.verify(request(crowd[18]!, bogus(), '192.0.2.9')), calls),
    ).toEqual(BUSY);
    answer();
    expect(await Promise.all(running)).toEqual(Array(17).fill(NOT_VISIBLE));
    expect(await verifier.verify(request(crowd[16]!, bogus(), '203.0.113.1'))).toEqual(NOT_VISIBLE);
  });

  it('eight players paying at the same moment from one address (a NAT, an office) are all verified', async () => {
    const payments = await Promise.all(Array.from({ length: 8 }, paid));
    const { verifier, calls, holdAnswers, answer } = heldVerifier();
    holdAnswers();
    const attempts = tracked(
      payments.map(({ from, signature }) => verifier.verify(request(from.address, signature, '100.64.0.1'))),
    );
    // All eight are looked up at once (or some were answered without one: what a per-address cap of 3 did).
    await until(() => calls() + attempts.settled() === 8, POLL);
    answer();
    const verdicts = await attempts.all;
    expect(verdicts.map((v) => (v.ok ? 'entry' : v.message))).toEqual(Array(8).fill('entry'));
    for (const { signature } of payments) expect(await ledgerRowsOf(target.db, signature)).toHaveLength(1);
  });

  it("66 made-up signatures from 22 addresses at once do not stop a real player's confirmed payment from being verified", async () => {
    const { from, signature } = await paid();
    // Backoff waits go on at once: a look-up that failed (66 at once can outlast the 5 s call timeout on a
    // loaded machine) is retried, as in production; one the chain answered is never asked again, which the
    // count of answered look-ups below shows.
    const { verifier, calls, failed, letGo } = heldVerifier();
    letGo();
    const strangers = await Promise.all(Array.from({ length: 66 }, wallet));
    const flood = tracked(
      strangers.map((w, i) => verifier.verify(request(w, bogus(), `203.0.113.${1 + (i % 22)}`))),
    );
    const real = request(from.address, signature, '198.51.100.7');
    const first = await verifier.verify(real);
    // Answered at once, each with one look-up (or a passing busy if the server was full at that moment).
    await until(() => flood.settled() === 66, POLL);
    for (const verdict of await flood.all) expect(verdict.ok || isPassingRefusal(verdict.code)).toBe(true);
    expect(verifier.load()).toEqual({ lookups: 0, sharing: 0 });
    // The real payment was verified, or refused for a passing reason and verified when submitted again.
    const verdict = first.ok ? first : await verifier.verify(real);
    expect(first.ok || isPassingRefusal(first.code)).toBe(true);
    expect(verdict.ok).toBe(true);
    expect(calls() - failed()).toBeLessThanOrEqual(66 + 2);
    expect(await ledgerRowsOf(target.db, signature)).toHaveLength(1);
  });

  it('a legitimate payment verified twice at once shares one look-up while strangers are looked up; the database gives the entry once', async () => {
    const { verifier, calls, holdAnswers, answer } = heldVerifier();
    const { from, signature } = await paid();
    holdAnswers();
    const stranger = verifier.verify(request(await wallet(), bogus(), '198.51.100.7'));
    await until(() => calls() === 1, POLL);
    const both = Promise.all([
      verifier.verify(request(from.address, signature)),
      verifier.verify(request(from.address, signature, '192.0.2.9')),
    ]);
    // Until the second verification has joined the first one's look-up, or made a call of its own.
    await until(() => calls() === 3 || verifier.load().sharing === 1, POLL);
    answer();
    const [one, two] = await both;
    expect(calls()).toBe(2);
    const verdicts = [one, two].map((v) => (v.ok ? 'entry' : v.message)).sort();
    expect(verdicts).toEqual([ENTRY_MESSAGES.alreadyUsed, 'entry'].sort());
    expect(await ledgerRowsOf(target.db, signature)).toHaveLength(1);
    expect(await stranger).toEqual(NOT_VISIBLE);
  });

  // Runs after the verifications above: what they left is checked as the operator would (RELIABILITY 27).
  it('after the verifications, the ledger balance check and reconcile agree: no payment kept unaccounted', async () => {
    const entries = await target.db.select().from(transactions).where(eq(transactions.type, 'entry_fee'));
    expect(entries.length).toBe(10);
    // Verified entry fees that never became a queue entry (there is no matchmaker here) are refunded in
    // full by the product's sweep once its grace has passed, as on a running server.
    const swept = await sweepUnusedEntriesAfterGrace({
      db: target.db,
      clock: server.clock,
      houseWallet: house,
    });
    expect(swept).toBe(entries.length);
    expect(await checkMoney({ db: target.db, rpc: server.rpc, houseWallet: house })).toEqual({
      ledger: [],
      chain: [],
      matchedOnChain: entries.length,
    });
  });
});
