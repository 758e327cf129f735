import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPlayer, signIn, type TestPlayer } from '../../../test/support/player-client.ts';
import { productChain } from '../../../test/support/product-chain.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { createFakeClock } from '../../common/clock.ts';
import { getGameMode } from '../../common/game-modes.ts';
import { ERROR_MESSAGES, TERMS_VERSION } from '../../common/protocol.ts';
import { payoutJobs, transactions } from '../db/schema/index.ts';
import type { BanStatusAnswer } from '../http/ban-status-route.ts';
import { checkLedgerBalance } from '../ledger/reconcile/ledger-balance.ts';

/** Public addresses the shipped GeoLite2 file places (checked in country-lookup.test.ts). */
const GB = '81.2.69.160';
const US = '8.8.8.8';
const DE = '2a00:1450:4001::1';
const forwarded = (ip: string) => ({ 'x-forwarded-for': ip });
const MODE = getGameMode('tiny_tuna');

/**
 * Restricted jurisdictions, before paying: /api/ban-status tells a caller in a restricted jurisdiction (SPEC §1)
 * that paid modes are closed to it, so the lobby can say so before any SOL moves; practice stays open. A
 * client that pays anyway is refused by the server, and its real entry fee comes back in full, once.
 * Behind a trusted proxy (TRUST_PROXY) whose X-Forwarded-For names the player's address.
 */
describe('a restricted jurisdiction is known before paying', () => {
  const clock = createFakeClock();
  let server: TestServer;
  let chain: ReturnType<typeof productChain>;
  const open: TestPlayer[] = [];

  const banStatusFrom = async (ip: string, walletAddress?: string) => {
    const res = await fetch(`${server.url}/api/ban-status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...forwarded(ip) },
      body: JSON.stringify(walletAddress ? { walletAddress } : {}),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as BanStatusAnswer;
  };
  const playerFrom = async (ip: string, wallet?: KeyPairSigner) => {
    const identity = await signIn(server.url, wallet, {
      headers: forwarded(ip),
      termsVersion: TERMS_VERSION,
    });
    const player = await connectPlayer(server.url, { signedIn: identity, headers: forwarded(ip) });
    open.push(player);
    player.send({ type: 'connect', walletAddress: identity.wallet.address, displayName: 'p', timestamp: 1 });
    await player.next('connect');
    return player;
  };

  beforeAll(async () => {
    server = await startTestServer({ clock, noPayoutWorker: true, env: { TRUST_PROXY: 'loopback' } });
    chain = productChain(server.url, clock);
  });
  afterAll(async () => {
    for (const p of open) p.close();
    await server?.stop();
  });

  it.each([
    ['GB', GB],
    ['US', US],
  ])(
    '/api/ban-status from %s says paid play is restricted, with the text the lobby shows; its usual fields kept',
    async (country, ip) => {
      const wallet = (await generateKeyPairSigner()).address;
      expect(await banStatusFrom(ip, wallet)).toEqual({
        banned: false,
        walletBanned: false,
        ipBanned: false,
        message: null,
        paidPlayRestricted: true,
        paidPlayMessage: ERROR_MESSAGES.restrictedJurisdiction,
        restrictedCountry: country,
      });
    },
  );

  it('/api/ban-status from an open country (and without a wallet) says paid play is open', async () => {
    expect(await banStatusFrom(DE)).toMatchObject({
      banned: false,
      paidPlayRestricted: false,
      paidPlayMessage: null,
      restrictedCountry: null,
    });
  });

  it('practice from a restricted country is allowed', async () => {
    const player = await playerFrom(GB);
    player.send({ type: 'findMatch', gameMode: 'practice', timestamp: 2 });
    expect(await player.next('joinQueue')).toMatchObject({ queueType: 'practice' });
    player.send({ type: 'exit' });
  });

  it('a client that pays anyway is refused; its confirmed entry fee is refunded in full on chain, exactly once', async () => {
    const wallet = await generateKeyPairSigner();
    await chain.airdrop(wallet.address, 2_000_000_000n);
    const player = await playerFrom(GB, wallet);
    const signature = await chain.transfer(wallet, server.houseWallet, MODE.wagerLamports);
    const paid = await chain.balance(wallet.address);

    // The same paid search twice (a bypassing client retries): refused both times, refunded once. The first
    // refusal names the refund with its amount (RELIABILITY 28); the second finds the payment already spent.
    for (let attempt = 0; attempt < 2; attempt++) {
      player.send({ type: 'findMatch', gameMode: MODE.id, paymentSignature: signature, timestamp: 3 });
      expect((await player.next('error')).data).toEqual({
        message: expect.stringContaining(ERROR_MESSAGES.restrictedJurisdiction),
        code: 'restricted_jurisdiction',
        ...(attempt === 0 ? { refundLamports: MODE.wagerLamports.toString() } : {}),
      });
    }
    const jobsOf = () =>
      server.db
        .select()
        .from(payoutJobs)
        .where(and(eq(payoutJobs.walletAddress, wallet.address), eq(payoutJobs.kind, 'refund')));
    for (let poll = 0; poll < 200 && (await jobsOf()).length === 0; poll++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // SPEC §1: only a player's own cancel keeps 3%; a refusal by the operator returns the whole wager.
    expect((await jobsOf()).map((j) => j.amountLamports)).toEqual([MODE.wagerLamports]);

    for (let round = 0; round < 6; round++) {
      await server.money.worker.runOnce();
      clock.advance(2_500);
    }
    expect((await chain.balance(wallet.address)) - paid).toBe(MODE.wagerLamports);
    const ledger = await server.db
      .select()
      .from(transactions)
      .where(eq(transactions.walletAddress, wallet.address));
    expect(ledger.map((t) => [t.type, t.amountLamports, t.status]).sort()).toEqual(
      [
        ['entry_fee', MODE.wagerLamports, 'confirmed'],
        ['refund', MODE.wagerLamports, 'confirmed'],
      ].sort(),
    );
    expect(await checkLedgerBalance(server.db)).toEqual([]);
  }, 60_000);
});
