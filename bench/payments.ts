import { address, createSolanaRpc, devnet, type Lamports, type Signature } from '@solana/kit';
import { getGameMode } from '../src/common/game-modes.ts';
import { signedTransfer } from '../test/support/local-chain-server.ts';
import { connectPlayer, signIn, type TestPlayer } from '../test/support/player-client.ts';

/** The cheapest paid mode: what most entries are. */
const MODE = 'smol_shrimp';
const FEE_MARGIN_LAMPORTS = 10_000_000n;

type Rpc = ReturnType<typeof createSolanaRpc<ReturnType<typeof devnet>>>;

async function confirmed(rpc: Rpc, signature: Signature): Promise<void> {
  for (let poll = 0; poll < 150; poll++) {
    const { value } = await rpc.getSignatureStatuses([signature]).send();
    const status = value[0]?.confirmationStatus;
    if (status === 'confirmed' || status === 'finalized') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${signature} was not confirmed within 30 s`);
}

/** A signed-in player whose entry fee is paid and confirmed on the product's local chain. */
async function paidPlayer(
  baseUrl: string,
  rpc: Rpc,
  house: string,
): Promise<{ player: TestPlayer; signature: string }> {
  const identity = await signIn(baseUrl);
  const wager = getGameMode(MODE).wagerLamports;
  await confirmed(
    rpc,
    await rpc.requestAirdrop(identity.wallet.address, (wager + FEE_MARGIN_LAMPORTS) as Lamports).send(),
  );
  const lifetime = (await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()).value;
  const { wire } = await signedTransfer({
    from: identity.wallet,
    to: address(house),
    lamports: wager,
    lifetime,
  });
  const signature = await rpc.sendTransaction(wire, { encoding: 'base64' }).send();
  await confirmed(rpc, signature);
  return { player: await connectPlayer(baseUrl, { signedIn: identity }), signature };
}

/**
 * `count` confirmed entry payments through findMatch, as a browser makes them (airdrop
 * from the product's /rpc, a transfer to the house wallet, findMatch with its signature once confirmed).
 * Two at a time, so each pair is matched and not left waiting (a paid search may be cancelled only after
 * 10 s); the first of each pair then leaves its match, which settles it like any forfeit. The server times
 * each findMatch to its joinQueue reply in its metrics, read by the caller.
 */
export async function runPayments(baseUrl: string, count: number): Promise<void> {
  const rpc: Rpc = createSolanaRpc(devnet(`${baseUrl}/rpc`));
  const { houseWallet } = (await (await fetch(`${baseUrl}/api/wallet-config`)).json()) as {
    houseWallet: string;
  };
  for (let done = 0; done < count; done += 2) {
    const pair = await Promise.all(
      Array.from({ length: Math.min(2, count - done) }, () => paidPlayer(baseUrl, rpc, houseWallet)),
    );
    for (const { player, signature } of pair) {
      player.send({ type: 'findMatch', gameMode: MODE, paymentSignature: signature, timestamp: Date.now() });
      await player.next('joinQueue', 30_000);
    }
    if (pair.length === 2) {
      const matched = await pair[0]!.player.next('matched', 30_000);
      pair[0]!.player.send({ type: 'exit', gameId: matched.gameId });
      // The entry is measured by now; the pair's forfeit only needs to settle before the sockets close.
      await pair[1]!.player.next('gameOver', 30_000).catch(() => {});
    }
    for (const { player } of pair) player.close();
  }
}
