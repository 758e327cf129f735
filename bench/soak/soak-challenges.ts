import {
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionDecoder,
  type Lamports,
  type Signature,
  signTransaction,
} from '@solana/kit';
import { getGameMode } from '../../src/common/game-modes.ts';
import type { ServerMessage } from '../../src/common/protocol.ts';
import { signIn } from '../../test/support/player-client.ts';
import type { ChallengeBoard, PaidSoakMode } from './soak-board.ts';
import type { SoakChannel } from './soak-channel.ts';
import { confirmed, type SoakRpc } from './soak-wallet.ts';

/** What a challenge round needs of its bot: its wallet and sockets, its payments, and a match played out. */
export interface ChallengeRoundContext {
  random: () => number;
  board: ChallengeBoard;
  nodes: readonly string[];
  rpc: SoakRpc;
  /** Headers every request of this bot carries (its origin, the address a trusted proxy adds). */
  proxyHeaders: Record<string, string>;
  wallet(): string;
  cookie(): string;
  /** A game channel to node `index`, as the bot's signed-in wallet. */
  open(index: number, cookie?: string): Promise<SoakChannel>;
  pay(mode: PaidSoakMode): Promise<Signature>;
  /** Counts a payment the bot did not make through `pay` (a Blink payer's). */
  paidBy(signature: Signature, lamports: bigint): void;
  play(
    channel: SoakChannel,
    matched: Extract<ServerMessage, { type: 'matched' }>,
  ): Promise<SoakChannel | null>;
  refused(code: string): void;
  /** The bot leaves its wallet for a new one (it stepped away from a challenge for good, or excluded itself). */
  renew(): Promise<void>;
  facts: {
    awayChallengeStakes: string[];
    blinkPayments: string[];
    excludedWallets: string[];
    counts: Record<'challenges' | 'accepts' | 'blinks' | 'exclusions', number>;
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const modeOf = (random: () => number): PaidSoakMode => (random() < 0.85 ? 'smol_shrimp' : 'tiny_tuna');
const nodeOf = (ctx: ChallengeRoundContext) => Math.floor(ctx.random() * ctx.nodes.length);

/** How long an accepter or a Blink payer waits for a challenge to be posted before doing something else. */
const BOARD_WAIT_MS = 20_000;

/** Polls the board until `take` finds something, or BOARD_WAIT_MS has passed (null). */
async function waitFor<T>(take: () => T | null): Promise<T | null> {
  const deadline = Date.now() + BOARD_WAIT_MS;
  for (;;) {
    const found = take();
    if (found || Date.now() >= deadline) return found;
    await sleep(500);
  }
}

/** Sends findMatch and returns the first answer that says where the search stands. */
async function ask(channel: SoakChannel, message: object, ctx: ChallengeRoundContext) {
  channel.send({ type: 'findMatch', timestamp: Date.now(), ...message });
  const answer = await channel.next(['findMatch', 'matched', 'error'], 60_000);
  if (answer?.type === 'error') ctx.refused(answer.data.code ?? answer.data.message);
  return answer;
}

/**
 * A paid challenge opened and its code passed on. The challenger then waits for the friend (and cancels when
 * tired of waiting), or closes its tab at once and never comes back: that stake must come back in full,
 * whoever accepts the link meanwhile.
 */
export async function challengeRound(
  ctx: ChallengeRoundContext,
  chosen: { away?: boolean; paired?: boolean } = {},
): Promise<void> {
  const mode = modeOf(ctx.random);
  const signature = await ctx.pay(mode);
  let channel: SoakChannel | null = await ctx.open(nodeOf(ctx));
  try {
    const answer = await ask(channel, { gameMode: mode, challenge: 'new', paymentSignature: signature }, ctx);
    if (answer?.type !== 'findMatch' || !answer.challenge) return;
    ctx.facts.counts.challenges++;
    const away = chosen.away ?? ctx.random() < 0.3;
    const paired = chosen.paired ?? ctx.random() < 0.4;
    const code = answer.challenge.code;
    ctx.board.post({ code, mode, owner: ctx.wallet(), ownerAway: away, paired });
    if (away) {
      ctx.facts.awayChallengeStakes.push(signature);
      channel.close();
      channel = null;
      await ctx.renew();
      return;
    }
    let matched = await channel.next(['matched'], 10_000 + ctx.random() * 30_000);
    if (!matched) {
      channel.send({ type: 'cancelSearch', timestamp: Date.now(), paymentSignature: signature });
      const reply = await channel.next(['cancelSearch', 'matched'], 15_000);
      ctx.board.remove(code);
      if (reply?.type !== 'matched') return;
      matched = reply;
    }
    channel = await ctx.play(channel, matched);
  } finally {
    channel?.close();
  }
}

/** A posted challenge accepted (with another accepter at the same moment, on the other node, when paired). */
export async function acceptRound(ctx: ChallengeRoundContext): Promise<void> {
  const taken = await waitFor(() => ctx.board.takeForAccept(ctx.wallet(), ctx.random));
  if (!taken) return;
  const { challenge, claim } = taken;
  const signature = await ctx.pay(challenge.mode);
  const node = challenge.paired ? claim % ctx.nodes.length : nodeOf(ctx);
  let channel: SoakChannel | null = await ctx.open(node);
  try {
    await taken.arrive();
    ctx.facts.counts.accepts++;
    const answer = await ask(
      channel,
      { gameMode: challenge.mode, challenge: challenge.code, paymentSignature: signature },
      ctx,
    );
    if (answer?.type === 'matched') channel = await ctx.play(channel, answer);
  } finally {
    channel?.close();
  }
}

/**
 * A wallet that never signed in pays a posted challenge (perhaps one already taken or gone) through its
 * Solana Action, as a wallet unfurling the link would; half the time it then opens the link, signs in and
 * takes its payment as the entry, the other half it never comes back. Either way the payment is the product's
 * to account for: a match played or a refund in full.
 */
export async function blinkRound(ctx: ChallengeRoundContext): Promise<void> {
  const challenge = await waitFor(() => ctx.board.anyForBlink(ctx.random));
  if (!challenge) return;
  const base = ctx.nodes[nodeOf(ctx)]!;
  const payer = await generateKeyPairSigner();
  const airdrop = await ctx.rpc.requestAirdrop(payer.address, 200_000_000n as Lamports).send();
  await confirmed(ctx.rpc, airdrop);
  const asked = await fetch(`${base}/api/actions/challenge/${challenge.code}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...ctx.proxyHeaders },
    body: JSON.stringify({ account: payer.address }),
  });
  if (asked.status !== 200) {
    ctx.refused(`action_${asked.status}`);
    return;
  }
  const { transaction } = (await asked.json()) as { transaction: string };
  const decoded = getTransactionDecoder().decode(Buffer.from(transaction, 'base64'));
  const signed = await signTransaction([payer.keyPair], decoded);
  await ctx.rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send();
  const signature = getSignatureFromTransaction(signed);
  await confirmed(ctx.rpc, signature);
  ctx.paidBy(signature, getGameMode(challenge.mode).wagerLamports);
  ctx.facts.blinkPayments.push(signature);
  ctx.facts.counts.blinks++;
  if (ctx.random() < 0.5) return;

  await sleep(ctx.random() * 5_000);
  const identity = await signIn(base, payer, { headers: ctx.proxyHeaders });
  const headers = { cookie: identity.cookie, ...ctx.proxyHeaders };
  const found = await fetch(`${base}/api/challenges/${challenge.code}/action-payment`, { headers });
  const payment = found.status === 200 ? ((await found.json()) as { signature: string | null }) : null;
  let channel: SoakChannel | null = await ctx.open(ctx.nodes.indexOf(base), identity.cookie);
  try {
    const answer = await ask(
      channel,
      {
        gameMode: challenge.mode,
        challenge: challenge.code,
        paymentSignature: payment?.signature ?? signature,
      },
      ctx,
    );
    if (answer?.type === 'matched') channel = await ctx.play(channel, answer);
  } finally {
    channel?.close();
  }
}

/**
 * A paid search (public, or a challenge passed on at once) and, while it waits, the player excludes
 * themself for 24 hours: the search must close, and no paid match of that wallet may start afterwards. The
 * bot then carries on with a new wallet.
 */
export async function exclusionRound(
  ctx: ChallengeRoundContext,
  chosen: { asChallenge?: boolean } = {},
): Promise<void> {
  const mode = modeOf(ctx.random);
  const signature = await ctx.pay(mode);
  const asChallenge = chosen.asChallenge ?? ctx.random() < 0.5;
  const index = nodeOf(ctx);
  let channel: SoakChannel | null = await ctx.open(index);
  try {
    const answer = await ask(
      channel,
      { gameMode: mode, paymentSignature: signature, ...(asChallenge ? { challenge: 'new' } : {}) },
      ctx,
    );
    if (!answer || answer.type === 'error') return;
    if (answer.type === 'matched') {
      channel = await ctx.play(channel, answer);
      return;
    }
    if (answer.challenge) {
      ctx.board.post({
        code: answer.challenge.code,
        mode,
        owner: ctx.wallet(),
        ownerAway: false,
        paired: ctx.random() < 0.5,
      });
    }
    await sleep(ctx.random() * 3_000);
    const other = ctx.nodes[Math.floor(ctx.random() * ctx.nodes.length)]!;
    const excluded = await fetch(`${other}/api/player/limits/exclusion`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: ctx.cookie(), ...ctx.proxyHeaders },
      body: JSON.stringify({ period: '24h' }),
    });
    if (excluded.status !== 200) {
      ctx.refused(`exclusion_${excluded.status}`);
      return;
    }
    ctx.facts.excludedWallets.push(ctx.wallet());
    ctx.facts.counts.exclusions++;
    const after = await channel.next(['matched', 'error', 'cancelSearch'], 15_000);
    if (after?.type === 'matched') channel = await ctx.play(channel, after);
  } finally {
    channel?.close();
    await ctx.renew();
  }
}
