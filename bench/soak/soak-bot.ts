import type { Address, Signature } from '@solana/kit';
import { getGameMode } from '../../src/common/game-modes.ts';
import { isPassingRefusal, type ServerMessage } from '../../src/common/protocol.ts';
import { createBotBrain } from '../../src/server/game/match/bot-brain.ts';
import { signIn } from '../../test/support/player-client.ts';
import { createBallView } from '../ball-view.ts';
import { MOVING_STATES } from '../bot-player.ts';
import { HAND_TICK_MS } from '../wire-player.ts';
import type { ChallengeBoard } from './soak-board.ts';
import {
  acceptRound,
  blinkRound,
  type ChallengeRoundContext,
  challengeRound,
  exclusionRound,
} from './soak-challenges.ts';
import { openSoakChannel, type SoakChannel } from './soak-channel.ts';
import { type SoakRpc, soakWallet } from './soak-wallet.ts';

/** What a bot does in one round. Weights are the share of rounds (seeded, so a run can be replayed). */
const ACTIONS = [
  ['play', 36],
  ['cancel', 12],
  ['abandon', 8],
  ['payOnly', 6],
  ['practice', 10],
  ['idle', 8],
  ['challenge', 8],
  ['accept', 8],
  ['blink', 3],
  ['exclude', 2],
] as const;
export type SoakAction = (typeof ACTIONS)[number][0];

/** Inside a paid match, what else happens to the bot (weights). */
const MATCH_FATES = [
  ['play', 50],
  ['exit', 15],
  ['dropAndReturn', 20],
  ['dropAndLeave', 15],
] as const;
type MatchFate = (typeof MATCH_FATES)[number][0];

/** What the run counts, for its report. */
export interface SoakTally {
  rounds: Record<SoakAction, number>;
  fates: Record<MatchFate, number>;
  payments: number;
  /** Every confirmed entry payment's signature: each must end in the ledger. */
  signatures: string[];
  paidLamports: bigint;
  matchesOver: number;
  cancels: number;
  refusals: Map<string, number>;
  resubmissions: number;
  failures: string[];
  /** Every soak player's wallet, renewed ones included. */
  wallets: Set<string>;
  /** What the challenge, Blink and exclusion rounds did, for the rules checked after the run. */
  facts: ChallengeRoundContext['facts'];
}

export function emptyTally(): SoakTally {
  const zero = <K extends string>(keys: readonly (readonly [K, number])[]) =>
    Object.fromEntries(keys.map(([k]) => [k, 0])) as Record<K, number>;
  return {
    rounds: zero(ACTIONS),
    fates: zero(MATCH_FATES),
    payments: 0,
    signatures: [],
    paidLamports: 0n,
    matchesOver: 0,
    cancels: 0,
    refusals: new Map(),
    resubmissions: 0,
    failures: [],
    wallets: new Set(),
    facts: {
      awayChallengeStakes: [],
      blinkPayments: [],
      excludedWallets: [],
      counts: { challenges: 0, accepts: 0, blinks: 0, exclusions: 0 },
    },
  };
}

function pick<K extends string>(random: () => number, table: readonly (readonly [K, number])[]): K {
  const total = table.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [key, weight] of table) {
    r -= weight;
    if (r < 0) return key;
  }
  return table[table.length - 1]![0];
}

/**
 * Each bot's first round, by its index: so that even a short run (the suite's) opens a challenge and steps
 * away from it, races two accepts of one challenge (one per node), pays a challenge through its Action and
 * excludes itself with a challenge open. Later rounds are drawn from ACTIONS.
 */
const OPENING_ROUNDS = [
  'challengeAway',
  'accept',
  'challengePaired',
  'accept',
  'blink',
  'accept',
  'excludeWithChallenge',
  'play',
] as const;

export interface SoakBotOptions {
  /** Which bot this is (its first round is OPENING_ROUNDS[index % length]). */
  index: number;
  /** Every game node's URL (one, or two in cluster mode); node i is `node-${i + 1}`. */
  nodes: readonly string[];
  /** The origin the nodes allow (their PUBLIC_ORIGIN). */
  origin: string;
  board: ChallengeBoard;
  rpc: SoakRpc;
  house: Address;
  random: () => number;
  /** Headers a trusted proxy adds (X-Forwarded-For): bots of one address share none. */
  proxyHeaders: Record<string, string>;
  /** No new round starts after this (ms since the epoch); a match under way is left at once. */
  stopAt: number;
  tally: SoakTally;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One soak player: signs in with its own keypair, then plays rounds until `stopAt`, each a seeded choice
 * of what players do with money: pay and play (and inside the match exit, drop and come back, or drop and
 * never come back), pay and cancel after 10 s, pay and abandon the search, pay and never search, practice,
 * open a challenge (and wait for the friend, or step away for good), accept one (two at once, on two nodes),
 * pay one through its Solana Action without signing in, or exclude themself while a search is open.
 */
export async function runSoakBot(options: SoakBotOptions): Promise<void> {
  const { random, tally } = options;
  const base = (index: number) => options.nodes[index]!;
  const pickNode = () => Math.floor(random() * options.nodes.length);
  const proxyHeaders = { origin: options.origin, ...options.proxyHeaders };
  let identity = await signIn(base(pickNode()), undefined, { headers: proxyHeaders });
  tally.wallets.add(identity.wallet.address);
  let wallet = soakWallet(options.rpc, identity.wallet, options.house);
  /** A game channel to node `index`; which node it is stays with it, so a match elsewhere is followed. */
  const open = async (index = pickNode(), cookie = identity.cookie) => {
    const channel = await openSoakChannel(base(index), { ...proxyHeaders, cookie });
    channel.send({ type: 'connect', timestamp: Date.now() });
    channel.node = index;
    return channel;
  };
  const refused = (code: string) => tally.refusals.set(code, (tally.refusals.get(code) ?? 0) + 1);
  const renew = async () => {
    identity = await signIn(base(pickNode()), undefined, { headers: proxyHeaders });
    tally.wallets.add(identity.wallet.address);
    wallet = soakWallet(options.rpc, identity.wallet, options.house);
  };

  const pay = async (mode: 'smol_shrimp' | 'tiny_tuna'): Promise<Signature> => {
    const lamports = getGameMode(mode).wagerLamports;
    const signature = await wallet.pay(lamports);
    tally.payments++;
    tally.signatures.push(signature);
    tally.paidLamports += lamports;
    return signature;
  };

  /** Sends findMatch (again with the same payment after a passing refusal); the joinQueue or matched, or null. */
  const search = async (channel: SoakChannel, mode: string, signature?: Signature) => {
    for (let attempt = 0; attempt < 8; attempt++) {
      if (attempt > 0) tally.resubmissions++;
      channel.send({
        type: 'findMatch',
        gameMode: mode,
        timestamp: Date.now(),
        ...(signature ? { paymentSignature: signature } : {}),
      });
      const answer = await channel.next(['joinQueue', 'matched', 'error'], 60_000);
      if (!answer) return null;
      if (answer.type !== 'error') return answer;
      const code = answer.data.code ?? answer.data.message;
      refused(code);
      if (!signature || !isPassingRefusal(code)) return null;
      await sleep(Math.min(8_000, 1_000 * 2 ** attempt));
    }
    return null;
  };

  /**
   * Plays the match to its end (or its fate); resolves when the bot is done with it. Its hand moves on the
   * hand tick, from the ball view of what it heard (bench/ball-view.ts), flown on at the server's time: the
   * soak's server runs on this machine, on the same clock (Date.now()).
   */
  const play = async (first: SoakChannel, matched: Extract<ServerMessage, { type: 'matched' }>) => {
    const fate: MatchFate = pick(random, MATCH_FATES);
    tally.fates[fate]++;
    const seat = matched.playerIndex;
    const skill = { reactionMs: 150, handSpeed: 500, error: 90, errorPerSpeed: 6 };
    const brain = createBotBrain(seat, skill, random);
    const view = createBallView();
    let lastSent = Number.NaN;
    let channel = first;
    // Cluster mode: the match lives on another node than this socket's; the client moves there (protocol.ts).
    const matchNode = matched.node === undefined ? undefined : Number(matched.node.replace(/^node-/, '')) - 1;
    const here = first.node;
    if (matchNode !== undefined && options.nodes[matchNode] && here !== undefined && here !== matchNode) {
      first.close();
      channel = await open(matchNode);
      channel.send({ type: 'reconnect', gameId: matched.gameId, timestamp: Date.now() });
    }
    const listen = (on: SoakChannel) =>
      on.onGameMessage((message) => {
        if (message.type !== 'opponentPaddle' && message.gameId !== matched.gameId) return;
        view.heard(message);
      });
    const hand = setInterval(() => {
      const sight = view.sight(Date.now());
      if (!sight || !MOVING_STATES.has(sight.gameState)) return;
      const target = Math.round(brain.see(sight, Date.now()));
      if (Math.abs(target - lastSent) <= 2) return;
      lastSent = target;
      view.ownTarget(target);
      channel.send({ type: 'paddleMove', gameId: matched.gameId, position: target, timestamp: Date.now() });
    }, HAND_TICK_MS);
    try {
      return await playOut();
    } finally {
      clearInterval(hand);
    }

    async function playOut(): Promise<SoakChannel | null> {
      listen(channel);
      const fateAt = Date.now() + 3_000 + random() * 30_000;
      let fateDone = fate === 'play';
      for (;;) {
        const over = await channel.next(['gameOver', 'reconnectionFailed'], 1_000);
        if (over) {
          if (over.type === 'gameOver') tally.matchesOver++;
          return channel;
        }
        if (Date.now() >= options.stopAt) {
          channel.send({ type: 'exit', gameId: matched.gameId });
          await channel.next(['gameOver'], 10_000);
          return channel;
        }
        if (!fateDone && Date.now() >= fateAt) {
          fateDone = true;
          if (fate === 'exit') channel.send({ type: 'exit', gameId: matched.gameId });
          if (fate === 'dropAndLeave') {
            channel.close();
            return null;
          }
          if (fate === 'dropAndReturn') {
            channel.close();
            await sleep(2_000 + random() * 20_000);
            // Back to the node that holds the match (this socket's, after any move above).
            channel = await open(channel.node);
            listen(channel);
            channel.send({ type: 'reconnect', gameId: matched.gameId, timestamp: Date.now() });
          }
        }
        if (!channel.open()) return null;
      }
    }
  };

  const challenges: ChallengeRoundContext = {
    random,
    board: options.board,
    nodes: options.nodes,
    rpc: options.rpc,
    proxyHeaders,
    wallet: () => identity.wallet.address,
    cookie: () => identity.cookie,
    open,
    pay,
    paidBy(signature, lamports) {
      tally.payments++;
      tally.signatures.push(signature);
      tally.paidLamports += lamports;
    },
    play,
    refused,
    renew,
    facts: tally.facts,
  };

  const round = async (action: SoakAction) => {
    tally.rounds[action]++;
    if (action === 'idle') return sleep(2_000 + random() * 8_000);
    if (action === 'challenge') return challengeRound(challenges);
    if (action === 'accept') return acceptRound(challenges);
    if (action === 'blink') return blinkRound(challenges);
    if (action === 'exclude') return exclusionRound(challenges);
    const mode = action === 'practice' ? 'practice' : random() < 0.85 ? 'smol_shrimp' : 'tiny_tuna';
    const signature = mode === 'practice' ? undefined : await pay(mode);
    if (action === 'payOnly') return;
    let channel: SoakChannel | null = await open();
    try {
      let answer = await search(channel, mode, signature);
      if (!answer) return;
      if (answer.type === 'joinQueue') {
        if (action === 'abandon') {
          channel.close();
          // Away past the 30 s window, so the search is closed and refunded before the next round.
          return sleep(32_000 + random() * 5_000);
        }
        const patience = action === 'cancel' ? 10_200 + random() * 3_000 : 12_000 + random() * 20_000;
        const matchedInTime = await channel.next(['matched'], patience);
        if (matchedInTime) answer = matchedInTime;
        else {
          channel.send({
            type: 'cancelSearch',
            timestamp: Date.now(),
            ...(signature ? { paymentSignature: signature } : {}),
          });
          const reply = await channel.next(['cancelSearch', 'matched'], 15_000);
          if (reply?.type === 'cancelSearch') {
            tally.cancels++;
            return;
          }
          if (!reply) return;
          answer = reply;
        }
      }
      if (answer.type === 'matched') channel = await play(channel, answer);
    } finally {
      channel?.close();
    }
  };

  const opening = OPENING_ROUNDS[options.index % OPENING_ROUNDS.length]!;
  const first = async () => {
    if (opening === 'challengeAway') return challengeRound(challenges, { away: true, paired: false });
    if (opening === 'challengePaired') return challengeRound(challenges, { away: false, paired: true });
    if (opening === 'excludeWithChallenge') return exclusionRound(challenges, { asChallenge: true });
    return round(opening);
  };
  try {
    await first();
  } catch (error) {
    tally.failures.push(
      `${identity.wallet.address} ${opening}: ${error instanceof Error ? error.message : error}`,
    );
  }
  while (Date.now() < options.stopAt) {
    const action = pick(random, ACTIONS);
    try {
      await round(action);
    } catch (error) {
      tally.failures.push(
        `${identity.wallet.address} ${action}: ${error instanceof Error ? error.message : error}`,
      );
      await sleep(2_000);
    }
  }
}
