import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  address,
  createSolanaRpc,
  devnet,
  generateKeyPairSigner,
  type KeyPairSigner,
  lamports,
} from '@solana/kit';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedTransfer } from '../../../test/support/local-chain-server.ts';
import { connectPlayer, signIn, type TestPlayer } from '../../../test/support/player-client.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { flush } from '../../../test/support/until.ts';
import { createFakeClock } from '../../common/clock.ts';
import { TICK_MS } from '../../common/game/constants.ts';
import { getGameMode } from '../../common/game-modes.ts';
import { openDatabase } from '../db/open-database.ts';
import { payoutJobs, queueSessions, transactions } from '../db/schema/index.ts';
import { createBans } from '../security/bans.ts';
import { checkLedgerBalance } from './reconcile/ledger-balance.ts';
import { reconcile } from './reconcile/reconcile.ts';

const MODE = getGameMode('tiny_tuna');

/**
 * Money acceptance over the whole product: real payments on the local chain, verified by the server, a
 * match over real sockets, and the worker paying out through the chain. One fake clock drives all of it.
 */
describe('money: a paid match and a paid cancel, end to end', () => {
  const clock = createFakeClock();
  let server: TestServer;
  let rpc: ReturnType<typeof createSolanaRpc<ReturnType<typeof devnet>>>;
  const open: TestPlayer[] = [];

  const confirm = async (signature: string) => {
    for (let i = 0; i < 50; i++) {
      const { value } = await rpc.getSignatureStatuses([signature as never]).send();
      if (value[0]?.confirmationStatus === 'confirmed' || value[0]?.confirmationStatus === 'finalized')
        return;
      clock.advance(400);
    }
    throw new Error(`${signature} not confirmed`);
  };
  const balance = async (wallet: string) =>
    (await rpc.getBalance(address(wallet), { commitment: 'confirmed' }).send()).value;
  const fundedPlayer = async (): Promise<{ player: TestPlayer; wallet: KeyPairSigner }> => {
    const wallet = await generateKeyPairSigner();
    await confirm(await rpc.requestAirdrop(wallet.address, lamports(5_000_000_000n)).send());
    const player = await connectPlayer(server.url, { signedIn: await signIn(server.url, wallet) });
    open.push(player);
    return { player, wallet };
  };
  const payEntry = async (wallet: KeyPairSigner, amount = MODE.wagerLamports) => {
    const { value: lifetime } = await rpc.getLatestBlockhash().send();
    const { wire } = await signedTransfer({
      from: wallet,
      to: address(server.houseWallet),
      lamports: amount,
      lifetime,
    });
    const signature = await rpc.sendTransaction(wire, { encoding: 'base64' }).send();
    await confirm(signature);
    return signature;
  };
  const runWorker = async (rounds = 6) => {
    for (let i = 0; i < rounds; i++) {
      await server.money.worker.runOnce();
      clock.advance(2_500);
    }
  };

  beforeAll(async () => {
    server = await startTestServer({ clock, noPayoutWorker: true });
    const { url } = (await (await fetch(`${server.url}/api/quicknode-url`)).json()) as { url: string };
    rpc = createSolanaRpc(devnet(url));
  });
  afterAll(async () => {
    for (const p of open) p.close();
    await server?.stop();
  });

  it('a paid match pays its winner exactly 1.5x the entry, once, and notifies the wallet of it with its game and exact lamports', async () => {
    const [a, b] = [await fundedPlayer(), await fundedPlayer()];
    a.player.send({ type: 'findMatch', gameMode: MODE.id, paymentSignature: await payEntry(a.wallet) });
    await a.player.next('joinQueue');
    expect((await a.player.next('transaction_notification')).transaction).toMatchObject({
      type: 'entry_fee',
      amount: 0.1,
    });
    b.player.send({ type: 'findMatch', gameMode: MODE.id, paymentSignature: await payEntry(b.wallet) });
    const matched = await b.player.next('matched');
    await a.player.next('matched');

    // A plays on; B leaves: the stayer wins and is paid (SPEC §1: abandoning forfeits the fee).
    for (let i = 0; i < 30; i++) {
      clock.advance(TICK_MS);
      server.game.game.tick();
    }
    b.player.send({ type: 'exit', gameId: matched.gameId });
    await flush();
    clock.advance(TICK_MS);
    server.game.game.tick();
    expect((await a.player.next('gameOver')).finalResult).toBe('win');

    let job: typeof payoutJobs.$inferSelect | undefined;
    for (let i = 0; i < 100 && !job; i++) {
      [job] = await server.db.select().from(payoutJobs).where(eq(payoutJobs.gameId, matched.gameId));
      if (!job) await flush();
    }
    expect(job).toMatchObject({
      kind: 'winner_payout',
      walletAddress: a.wallet.address,
      amountLamports: MODE.winLamports,
    });

    const before = await balance(a.wallet.address);
    await runWorker();
    expect((await balance(a.wallet.address)) - before).toBe(MODE.winLamports);
    await runWorker();
    expect((await balance(a.wallet.address)) - before).toBe(MODE.winLamports);

    const payouts = await server.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.gameId, matched.gameId), eq(transactions.type, 'winner_payout')));
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ status: 'confirmed', amountLamports: MODE.winLamports });
    const commission = await server.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.gameId, matched.gameId), eq(transactions.type, 'commission')));
    expect(commission[0]?.amountLamports).toBe(2n * MODE.wagerLamports - MODE.winLamports);
    const sent = await a.player.next('transaction_notification');
    // The game over screen ties the payout to its game by game_id, and shows amount_lamports exactly.
    const paid = {
      type: 'winner_payout',
      amount: 0.15,
      game_id: matched.gameId,
      amount_lamports: '150000000',
    };
    expect(sent.transaction).toMatchObject({ ...paid, status: 'processing' });
    const confirmed = await a.player.next('transaction_notification');
    expect(confirmed.transaction).toMatchObject({ ...paid, status: 'confirmed' });
    expect(confirmed.transaction.transaction_signature).toBe(sent.transaction.transaction_signature);
  }, 60_000);

  it('a cancel at 9.999 s is refused; at 10 s it is refunded floor(97%)', async () => {
    const { player, wallet } = await fundedPlayer();
    player.send({ type: 'findMatch', gameMode: MODE.id, paymentSignature: await payEntry(wallet) });
    await player.next('joinQueue');
    const [entry] = await server.db
      .select()
      .from(queueSessions)
      .where(and(eq(queueSessions.walletAddress, wallet.address), eq(queueSessions.status, 'active')));
    expect(entry).toBeDefined();

    clock.advance(9_999);
    player.send({ type: 'cancelSearch' });
    expect((await player.next('error')).data.code).toBe('cancel_too_early');
    clock.advance(1);
    player.send({ type: 'cancelSearch' });
    const cancelled = await player.next('cancelSearch');
    const expected = (MODE.wagerLamports * 97n) / 100n;
    expect(cancelled).toMatchObject({
      success: true,
      refundLamports: expected.toString(),
      refundAmount: 0.097,
    });

    const before = await balance(wallet.address);
    await runWorker();
    expect((await balance(wallet.address)) - before).toBe(expected);
    const kept = await server.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.type, 'commission'), eq(transactions.reason, 'cancelled_search')));
    expect(kept.some((row) => row.amountLamports === MODE.wagerLamports - expected)).toBe(true);
    // Everything paid in so far is accounted for to the lamport, and every house transaction on chain
    // matches exactly one ledger row (RELIABILITY 27); a difference made on purpose is reported.
    expect(await checkLedgerBalance(server.db)).toEqual([]);
    const genesis = JSON.parse(
      await readFile(path.join(server.dataDir, 'chain', 'genesis.json'), 'utf8'),
    ) as {
      faucetAddress: string;
    };
    const check = () =>
      reconcile({
        db: server.db,
        rpc: rpc as never,
        houseWallet: address(server.houseWallet),
        fundingAddresses: [genesis.faucetAddress],
      });
    expect((await check()).differences).toEqual([]);
    const [payout] = await server.db
      .select()
      .from(transactions)
      .where(eq(transactions.type, 'winner_payout'));
    await server.db
      .update(transactions)
      .set({ amountLamports: payout!.amountLamports + 1n })
      .where(eq(transactions.id, payout!.id));
    expect((await check()).differences.map((d) => d.kind)).toEqual(['transfer-mismatch']);
    await server.db
      .update(transactions)
      .set({ amountLamports: payout!.amountLamports })
      .where(eq(transactions.id, payout!.id));
  }, 60_000);

  it('a banned player who pays anyway is refused and the payment is refunded in full, not kept', async () => {
    const { player, wallet } = await fundedPlayer();
    // Written without the server's live listeners (which would close this socket at once, RELIABILITY 35):
    // a findMatch racing the ban, or one on a node the ban has not reached yet.
    await createBans({ db: server.db, clock }).banWallet(wallet.address, {
      by: 'admin@example.com',
      reason: 'test',
    });
    player.send({ type: 'findMatch', gameMode: MODE.id, paymentSignature: await payEntry(wallet) });
    expect((await player.next('error')).data.code).toBe('account_restricted');
    let job: typeof payoutJobs.$inferSelect | undefined;
    for (let i = 0; i < 100 && !job; i++) {
      [job] = await server.db.select().from(payoutJobs).where(eq(payoutJobs.walletAddress, wallet.address));
      if (!job) await flush();
    }
    expect(job).toMatchObject({ kind: 'refund', amountLamports: MODE.wagerLamports });
    const before = await balance(wallet.address);
    await runWorker();
    expect((await balance(wallet.address)) - before).toBe(MODE.wagerLamports);
    expect(await checkLedgerBalance(server.db)).toEqual([]);
  }, 60_000);

  it('a graceful shutdown refunds an open paid search in full (the operator stopped, not the player)', async () => {
    const { player, wallet } = await fundedPlayer();
    player.send({ type: 'findMatch', gameMode: MODE.id, paymentSignature: await payEntry(wallet) });
    await player.next('joinQueue');
    await server.close();
    const reopened = await openDatabase({ dataDir: server.dataDir });
    const refunds = await reopened.db
      .select()
      .from(payoutJobs)
      .where(eq(payoutJobs.walletAddress, wallet.address));
    await reopened.close();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      kind: 'refund',
      amountLamports: MODE.wagerLamports,
      status: 'pending',
    });
    expect((await player.closed).code).toBe(4000);
  }, 60_000);
});
