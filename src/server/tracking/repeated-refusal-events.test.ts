import { generateKeyPairSigner } from '@solana/kit';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import {
  type LocalChainServer,
  removeDataDir,
  startLocalChainServer,
} from '../../../test/support/local-chain-server.ts';
import { eventually } from '../../../test/support/until.ts';
import { createFakeClock } from '../../common/clock.ts';
import { ERROR_MESSAGES } from '../../common/protocol.ts';
import { walletAnalytics } from '../admin/analytics/refresh-wallet-analytics.ts';
import { resolveEventAction } from '../admin/queries/resolve-event.ts';
import { createChainRpc } from '../chain/chain-rpc.ts';
import { loadConfig } from '../config.ts';
import { systemEvents } from '../db/schema/index.ts';
import { createEntryVerifier } from '../ledger/entry/entry-verifier.ts';
import { checkMoney } from '../ledger/test-support/money-check.ts';
import {
  REPEATED_EVENT_WALLETS_PER_ADDRESS,
  REPEATED_EVENT_WINDOW_MS,
} from '../operations-log/repeated-events.ts';
import { RESTRICTED_JURISDICTION_EVENT } from './restricted-jurisdictions.ts';
import { PAYMENT_VERIFICATION_FAILED } from './verification-failure-events.ts';
import { wireTracking } from './wire-tracking.ts';

/**
 * RELIABILITY 39: a refusal anyone can repeat at will writes one system event per kind and wallet (or
 * address) per window, its count growing in place, never a row per request. The verifier is the product's
 * on the real local chain, wrapped and wired as a running server wires it (wireTracking); the refusals come
 * in a burst, all at once, as a script sends them.
 */

const GB = '81.2.69.160';
const DE = '2a00:1450:4001::1';
const BURST = 320;

let chain: LocalChainServer;

beforeAll(async () => {
  chain = await startLocalChainServer();
});

afterAll(async () => {
  await chain?.stop();
  if (chain) await removeDataDir(chain.dataDir);
});

const wallet = async () => (await generateKeyPairSigner()).address;

describeEachDatabase('repeated refusals are one counted system event', (target) => {
  const setUp = async () => {
    const clock = createFakeClock();
    const house = await wallet();
    const rpc = createChainRpc(chain.url);
    const tracking = wireTracking({
      config: loadConfig({ RESTRICTED_COUNTRIES: 'GB' }),
      db: target.db,
      clock,
      rpc,
      houseWallet: house,
      log: () => {},
    });
    const verifier = tracking.withFailureEvents(
      createEntryVerifier({ analytics: walletAnalytics, db: target.db, houseWallet: house, rpc, clock }),
    );
    /** A paid search's entry without a payment, as a fresh wallet with no SOL sends it. */
    const unpaid = (walletAddress: string, ip = DE) =>
      verifier.verify({ walletAddress, mode: 'tiny_tuna', signature: undefined, ip });
    const restricted = (walletAddress: string, ip = GB) =>
      tracking.jurisdiction.refused({ walletAddress, ip, country: 'GB', mode: 'tiny_tuna' });
    return { clock, house, rpc, unpaid, restricted };
  };

  const eventsOf = (eventType: string, walletAddress: string) =>
    target.db
      .select()
      .from(systemEvents)
      .where(
        and(
          eq(systemEvents.eventType, eventType),
          sql`${systemEvents.details}->>'walletAddress' = ${walletAddress}`,
        ),
      );
  const countOf = (row: { details: unknown }) => (row.details as { count?: number }).count;

  it('a burst of paid searches without a payment from one wallet is one warning counting each', async () => {
    const { house, rpc, unpaid } = await setUp();
    const [flooder, other] = [await wallet(), await wallet()];
    const answers = await Promise.all(Array.from({ length: BURST }, () => unpaid(flooder)));
    expect(new Set(answers.map((a) => (a.ok ? 'ok' : a.message)))).toEqual(
      new Set([ERROR_MESSAGES.paymentRequired]),
    );
    await unpaid(other);
    await eventually(
      async () => {
        const rows = await eventsOf(PAYMENT_VERIFICATION_FAILED, flooder);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          severity: 'warning',
          details: { walletAddress: flooder, ipAddress: DE, mode: 'tiny_tuna', count: BURST },
        });
        expect(rows[0]?.message).toContain(`${BURST} times since`);
      },
      { timeoutMs: 20_000 },
    );
    // Another wallet's refusal is its own event, counted from one.
    await eventually(
      async () => {
        const theirs = await eventsOf(PAYMENT_VERIFICATION_FAILED, other);
        expect(theirs.map(countOf)).toEqual([1]);
      },
      { timeoutMs: 20_000 },
    );
    expect(await checkMoney({ db: target.db, rpc, houseWallet: house })).toEqual({
      ledger: [],
      chain: [],
      matchedOnChain: 0,
    });
  });

  it('a burst of paid searches from a restricted country is one warning per wallet with its count', async () => {
    const { restricted } = await setUp();
    const [flooder, other] = [await wallet(), await wallet()];
    await Promise.all(Array.from({ length: BURST }, () => restricted(flooder)));
    await restricted(other);
    await eventually(
      async () => {
        const rows = await eventsOf(RESTRICTED_JURISDICTION_EVENT, flooder);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          severity: 'warning',
          details: { walletAddress: flooder, ipAddress: GB, country: 'GB', count: BURST },
        });
        expect((await eventsOf(RESTRICTED_JURISDICTION_EVENT, other)).map(countOf)).toEqual([1]);
      },
      { timeoutMs: 20_000 },
    );
  });

  it('fresh wallets from one address do not buy fresh rows: past a few, they fold into the address', async () => {
    const { restricted } = await setUp();
    // An address of its own (documentation range), so other tests' refusals are not counted in.
    const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const wallets = await Promise.all(Array.from({ length: 60 }, wallet));
    for (const w of wallets) await restricted(w, ip);
    const rows = await target.db
      .select()
      .from(systemEvents)
      .where(
        and(
          eq(systemEvents.eventType, RESTRICTED_JURISDICTION_EVENT),
          sql`${systemEvents.details}->>'ipAddress' = ${ip}`,
        ),
      );
    expect(rows.length).toBe(REPEATED_EVENT_WALLETS_PER_ADDRESS + 1);
    expect(rows.reduce((sum, row) => sum + (countOf(row) ?? 0), 0)).toBe(wallets.length);
  });

  it('the event stays resolvable: refusals after an admin resolves it are a new event, as is a new window', async () => {
    const { clock, restricted } = await setUp();
    const flooder = await wallet();
    await Promise.all(Array.from({ length: 5 }, () => restricted(flooder)));
    const [first] = await eventsOf(RESTRICTED_JURISDICTION_EVENT, flooder);
    if (!first) throw new Error('no event');
    const resolved = await resolveEventAction(
      { db: target.db, clock },
      { by: 'ops@example.com' },
      first.id,
      'the flood was one client',
    );
    expect(resolved).toMatchObject({ ok: true, body: { alreadyResolved: false } });

    await Promise.all(Array.from({ length: 3 }, () => restricted(flooder)));
    const afterResolution = await eventsOf(RESTRICTED_JURISDICTION_EVENT, flooder);
    expect(afterResolution).toHaveLength(2);
    const kept = afterResolution.find((row) => row.id === first.id);
    expect(kept).toMatchObject({ resolvedBy: 'ops@example.com', details: { count: 5 } });
    expect(afterResolution.find((row) => row.id !== first.id)).toMatchObject({
      resolvedAt: null,
      details: { count: 3 },
    });

    clock.advance(REPEATED_EVENT_WINDOW_MS);
    await restricted(flooder);
    const nextWindow = await eventsOf(RESTRICTED_JURISDICTION_EVENT, flooder);
    expect(nextWindow.map(countOf).sort()).toEqual([1, 3, 5]);
  });
});
