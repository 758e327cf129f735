import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { connectPlayer, signIn, type TestPlayer } from '../../../../../test/support/player-client.ts';
import type { productChain } from '../../../../../test/support/product-chain.ts';
import type { TestServer } from '../../../../../test/support/test-server.ts';
import { flush } from '../../../../../test/support/until.ts';
import type { FakeClock } from '../../../../common/clock.ts';
import { TICK_MS } from '../../../../common/game/constants.ts';
import { getGameMode } from '../../../../common/game-modes.ts';
import { CLOSE_CODES } from '../../../../common/protocol.ts';
import { payoutJobs } from '../../../db/schema/index.ts';

export const HELD_MODE = getGameMode('tiny_tuna');

/**
 * RELIABILITY 35's scene on a running test server (its payout worker off, one fake clock): two funded players
 * over real sockets, a paid match in which the admin bans the winner-to-be while it is played, the loser
 * leaving so the banned player wins, and the worker run until the payout is held. `adminCookie` is a signed-in
 * admin's session of that server.
 */
export function heldPayoutScene(deps: {
  server: TestServer;
  chain: ReturnType<typeof productChain>;
  clock: FakeClock;
  adminCookie: () => string;
}) {
  const { server, chain, clock } = deps;
  const open: TestPlayer[] = [];
  const runWorker = async (rounds = 6) => {
    for (let i = 0; i < rounds; i++) {
      await server.money.worker.runOnce();
      clock.advance(2_500);
    }
  };
  const adminPost = (route: string, body: object) =>
    fetch(`${server.url}/api/admin/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie: deps.adminCookie() },
      body: JSON.stringify(body),
    });
  const fundedPlayer = async (): Promise<{ player: TestPlayer; wallet: KeyPairSigner }> => {
    const wallet = await generateKeyPairSigner();
    await chain.airdrop(wallet.address, 5_000_000_000n);
    const player = await connectPlayer(server.url, { signedIn: await signIn(server.url, wallet) });
    open.push(player);
    return { player, wallet };
  };
  const tick = async (ticks: number) => {
    for (let i = 0; i < ticks; i++) {
      clock.advance(TICK_MS);
      server.game.game.tick();
    }
    await flush();
  };

  const bannedWinnerGame = async () => {
    const [winner, loser] = [await fundedPlayer(), await fundedPlayer()];
    const pay = (w: KeyPairSigner) => chain.transfer(w, server.houseWallet, HELD_MODE.wagerLamports);
    winner.player.send({
      type: 'findMatch',
      gameMode: HELD_MODE.id,
      paymentSignature: await pay(winner.wallet),
    });
    await winner.player.next('joinQueue');
    loser.player.send({
      type: 'findMatch',
      gameMode: HELD_MODE.id,
      paymentSignature: await pay(loser.wallet),
    });
    const { gameId } = await loser.player.next('matched');
    await tick(30);

    const banned = await adminPost('ban-wallet', {
      walletAddress: winner.wallet.address,
      reason: 'collusion',
    });
    expect(banned.status).toBe(200);
    expect((await winner.player.closed).code).toBe(CLOSE_CODES.restricted);
    loser.player.send({ type: 'exit', gameId });
    await flush();
    await tick(2);
    expect((await loser.player.next('gameOver')).finalResult).toBe('loss');

    let job: typeof payoutJobs.$inferSelect | undefined;
    for (let i = 0; i < 200 && !job; i++) {
      [job] = await server.db
        .select()
        .from(payoutJobs)
        .where(and(eq(payoutJobs.gameId, gameId), eq(payoutJobs.kind, 'winner_payout')));
      if (!job) await flush();
    }
    expect(job).toMatchObject({
      walletAddress: winner.wallet.address,
      amountLamports: HELD_MODE.winLamports,
    });
    const before = {
      winner: await chain.balance(winner.wallet.address),
      loser: await chain.balance(loser.wallet.address),
    };
    await runWorker();
    return { winner, loser, gameId, jobId: job!.id, transactionId: job!.transactionId!, before };
  };

  const close = () => {
    for (const p of open) p.close();
  };
  return { runWorker, adminPost, bannedWinnerGame, close };
}
