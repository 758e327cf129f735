import { randomBytes, randomUUID } from 'node:crypto';
import { generateKeyPairSigner, type Signature } from '@solana/kit';
import type { FakeClock } from '../../src/common/clock.ts';
import { CURRENT_GENERATOR } from '../../src/common/game/generator-versions.ts';
import { type GameModeId, getGameMode } from '../../src/common/game-modes.ts';
import { walletAnalytics } from '../../src/server/admin/analytics/refresh-wallet-analytics.ts';
import type { Database } from '../../src/server/db/database.ts';
import type { MatchResult, SeatInfo } from '../../src/server/game/match/match-types.ts';
import type { QueueEntry } from '../../src/server/game/matchmaker.ts';
import { recordMatchResult, recordMatchStart } from '../../src/server/game/store/match-recorder.ts';
import { seedHash } from '../../src/server/game/store/store-keys.ts';
import { recordEntryFee } from '../../src/server/ledger/entry/entry-record.ts';
import { createMatchMoney } from '../../src/server/ledger/match-money.ts';
import {
  claimNextJob,
  confirmPayout,
  storeSignedTransfer,
} from '../../src/server/ledger/payout/payout-store.ts';
import { uniqueSignature } from './database-bed.ts';

/**
 * Test support for the admin queries: data written through the product's own write paths (the entry-fee
 * record, the match recorder with the money hook, the payout worker's store and confirm steps), with chain
 * facts made up where no chain runs. One fake clock stamps everything.
 */

export const HOUSE = 'Hous3Wa11et111111111111111111111111111111111';

/** A real (valid) wallet address nobody else uses. */
export async function newWallet(): Promise<string> {
  return (await generateKeyPairSigner()).address;
}

/** A verified entry fee as the entry verifier records it. */
export async function payEntryFee(
  db: Database,
  clock: FakeClock,
  wallet: string,
  mode: GameModeId,
): Promise<{ transactionId: string; signature: string; lamports: bigint }> {
  const signature = uniqueSignature();
  const lamports = getGameMode(mode).wagerLamports;
  const recorded = await recordEntryFee(db, walletAnalytics, {
    walletAddress: wallet,
    gameMode: mode,
    signature,
    lamports,
    evidence: { slot: 1n, blockTime: BigInt(Math.floor(clock.now() / 1000)), feeLamports: 5000n, version: 0 },
    at: new Date(clock.now()),
  });
  if (!recorded) throw new Error('the entry fee was not recorded');
  return { transactionId: recorded.transactionId, signature, lamports };
}

export interface PlayedGame {
  gameId: string;
  entries: { transactionId: string; signature: string }[];
}

const seat = (wallet: string, ip: string | null): SeatInfo => ({
  walletAddress: wallet,
  displayName: `Player-${wallet.slice(0, 4)}`,
  sessionId: randomUUID(),
  ip,
  userAgent: 'test',
});

/**
 * A finished match between `winner` and `loser` (paid modes pay both entries first), recorded by the match
 * recorder with the money hook: the game row, its session and, when paid, the payout owed. The clock moves
 * on by the match's duration.
 */
export async function playGame(
  db: Database,
  clock: FakeClock,
  options: {
    winner: string;
    loser: string;
    mode: GameModeId;
    durationMs?: number;
    /** Which seat the winner sits in. */
    winnerSeat?: 0 | 1;
    ips?: [string | null, string | null];
  },
): Promise<PlayedGame> {
  const mode = getGameMode(options.mode);
  const winnerSeat = options.winnerSeat ?? 0;
  const wallets: [string, string] =
    winnerSeat === 0 ? [options.winner, options.loser] : [options.loser, options.winner];
  const paid =
    mode.wagerLamports > 0n
      ? [await payEntryFee(db, clock, wallets[0], mode.id), await payEntryFee(db, clock, wallets[1], mode.id)]
      : [null, null];
  const seats: [SeatInfo, SeatInfo] = [
    seat(wallets[0], options.ips?.[0] ?? null),
    seat(wallets[1], options.ips?.[1] ?? null),
  ];
  const entry = (i: 0 | 1): QueueEntry => ({
    id: randomUUID(),
    mode: mode.id,
    joinedAt: clock.now(),
    player: {
      linkId: randomUUID(),
      playerSessionId: seats[i].sessionId,
      walletAddress: wallets[i],
      displayName: seats[i].displayName,
      ip: seats[i].ip,
      userAgent: seats[i].userAgent,
    },
    paid: paid[i]
      ? { transactionId: paid[i].transactionId, signature: paid[i].signature, lamports: paid[i].lamports }
      : null,
  });
  const seed = randomBytes(16).toString('hex');
  const startedAt = clock.now();
  const start = {
    id: randomUUID(),
    entries: [entry(0), entry(1)] as const,
    seedHash: seedHash(seed),
    startedAt,
  };
  await recordMatchStart(db, start);
  const durationMs = options.durationMs ?? 60_000;
  clock.advance(durationMs);
  const scores: [number, number] = winnerSeat === 0 ? [11, 4] : [4, 11];
  const result: MatchResult = {
    id: start.id,
    mode: mode.id,
    seats,
    startedAt,
    endedAt: clock.now(),
    durationMs,
    pausedMs: 0,
    winner: winnerSeat,
    scores,
    end: { reason: 'score', winner: winnerSeat },
    completionStatus: mode.wagerLamports > 0n ? 'completed' : 'practice_win',
    disconnectCounts: [0, 0],
    stats: { ballHits: 20, rallyCount: 15, longestRally: 4, maxBallSpeed: 12 },
    ticks: 3600,
    record: { seed, generator: CURRENT_GENERATOR, countdownSeconds: 5, inputs: [] },
    snapshots: [],
    connectionLog: [],
  };
  await recordMatchResult(db, walletAnalytics, result, start, [
    createMatchMoney({ houseWallet: HOUSE }).matchEnded,
  ]);
  return {
    gameId: start.id,
    entries: paid.flatMap((p) => (p ? [{ transactionId: p.transactionId, signature: p.signature }] : [])),
  };
}

/**
 * Pays every due payout and refund through the worker's own store and confirm steps, with a made-up signed
 * transfer in place of the chain's: what the worker writes once the chain confirms. Returns the signatures
 * by job id.
 */
export async function confirmDuePayouts(db: Database, clock: FakeClock): Promise<Map<string, string>> {
  const signatures = new Map<string, string>();
  for (;;) {
    const now = new Date(clock.now());
    const job = await claimNextJob(db, { workerId: 'admin-seed', now, leaseMs: 60_000 });
    if (!job) return signatures;
    if (job.state !== 'unsigned') throw new Error(`job ${job.id} was signed already`);
    const signature = uniqueSignature() as Signature;
    const signed = await storeSignedTransfer(
      db,
      job,
      { signature, wire: 'AA==' as never, lastValidBlockHeight: 1_000n },
      now,
    );
    if (!signed || !(await confirmPayout(db, walletAnalytics, signed, { signature }, now))) {
      throw new Error(`job ${job.id} was not confirmed`);
    }
    signatures.set(job.id, signature);
  }
}
