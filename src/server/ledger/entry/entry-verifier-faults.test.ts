import { type Address, generateKeyPairSigner } from '@solana/kit';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  type ChainFault,
  type ChainFaults,
  startChainFaults,
} from '../../../../test/support/chain-faults.ts';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import {
  airdropTo,
  type LocalChainServer,
  removeDataDir,
  startLocalChainServer,
} from '../../../../test/support/local-chain-server.ts';
import { SOL } from '../../../../test/support/money.ts';
import { getGameMode } from '../../../common/game-modes.ts';
import { createChainRpc } from '../../chain/chain-rpc.ts';
import { transactions } from '../../db/schema/index.ts';
import { checkMoney, sweepUnusedEntriesAfterGrace } from '../test-support/money-check.ts';
import { ENTRY_MESSAGES } from './entry-messages.ts';
import { ledgerRowsOf, pay, verifierOn } from './test-support/entry-fixtures.ts';
import type { LookupPolicy } from './verify-lookup.ts';

const MODE = getGameMode('smol_shrimp');

let server: LocalChainServer;
let faults: ChainFaults;

beforeAll(async () => {
  server = await startLocalChainServer();
  faults = await startChainFaults(server.url);
});

afterEach(() => faults.heal());

afterAll(async () => {
  await faults?.stop();
  await server?.stop();
  if (server) await removeDataDir(server.dataDir);
});

describeEachDatabase('RPC faults between the verifier and the chain', (target) => {
  /** A house wallet per database, so that its chain history is the payments this database recorded. */
  let house: Address;
  beforeAll(async () => {
    house = (await generateKeyPairSigner()).address;
  });

  /** The verifier reaches the chain only through the fault proxy. Call timeouts are real time, so short. */
  const throughFaults = (lookup: Partial<LookupPolicy> = {}) =>
    verifierOn(server, {
      db: target.db,
      houseWallet: house,
      rpc: createChainRpc(faults.url),
      lookup: { callTimeoutMs: 400, ...lookup },
    });

  async function paidSignature() {
    const from = await airdropTo(server, SOL);
    const signature = await pay(server, { from, to: house, lamports: MODE.wagerLamports });
    return { walletAddress: from.address, mode: MODE.id, signature };
  }

  it.each([
    [429, 3],
    [500, 2],
    [503, 4],
  ] as const)(
    'HTTP %i answered %i times: the verifier backs off, retries, then verifies',
    async (status, count) => {
      const request = await paidSignature();
      const { verifier, sleeps } = throughFaults();
      const before = faults.requests;
      faults.failNext(count, status);

      const result = await verifier.verify(request);

      expect(result.ok).toBe(true);
      expect(faults.requests - before).toBe(count + 1);
      expect(sleeps).toEqual([500, 1_000, 2_000, 4_000].slice(0, count));
      expect(await ledgerRowsOf(target.db, request.signature)).toHaveLength(1);
    },
  );

  it('a request that hangs past the per-call timeout is abandoned and retried, then verifies', async () => {
    const request = await paidSignature();
    const { verifier } = throughFaults();
    faults.failNext(2, 'hang');

    const result = await verifier.verify(request);

    expect(result.ok).toBe(true);
    expect(await ledgerRowsOf(target.db, request.signature)).toHaveLength(1);
  });

  it.each([
    [503, 'an RPC answering 503'],
    [429, 'an RPC rate-limiting every call'],
    ['hang', 'an RPC that never answers'],
  ] as [ChainFault, string][])(
    '%s for the whole 8 s budget (%s): a passing refusal, unverified, nothing recorded, the signature stays usable',
    async (fault) => {
      const request = await paidSignature();
      const { verifier, sleeps } = throughFaults({ callTimeoutMs: 100 });
      const before = faults.requests;
      faults.failAll(fault);

      const refused = await verifier.verify(request);

      expect(refused).toEqual({
        ok: false,
        message: ENTRY_MESSAGES.unavailable,
        code: 'payment_rpc_unavailable',
      });
      expect(sleeps.reduce((a, b) => a + b, 0)).toBe(8_000);
      expect(faults.requests - before).toBe(6);
      expect(await ledgerRowsOf(target.db, request.signature)).toEqual([]);

      faults.heal();
      expect((await throughFaults().verifier.verify(request)).ok).toBe(true);
    },
  );

  // Runs after the faults above: what they left is checked as the operator would (RELIABILITY 27).
  it('after the faults, the ledger balance check and reconcile agree: no difference', async () => {
    const entries = await target.db.select().from(transactions).where(eq(transactions.type, 'entry_fee'));
    expect(entries.length).toBeGreaterThan(0);
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
