import { randomBytes } from 'node:crypto';
import type { KeyPairSigner } from '@solana/kit';
import type { Clock } from '../../common/clock.ts';
import type { ChainRpc } from '../chain/chain-rpc.ts';
import type { Database } from '../db/database.ts';
import type { WalletAnalytics } from '../game/analytics-port.ts';
import type { EntryVerifier } from '../game/game-ports.ts';
import type { Logger } from '../logger.ts';
import { createEntryVerifier } from './entry/entry-verifier.ts';
import { createMatchMoney, type MatchMoney } from './match-money.ts';
import type { MovementNotice } from './money-notice.ts';
import { createPayoutWorker, type PayoutWorker } from './payout/payout-worker.ts';

export interface MoneyWiring {
  verifier: EntryVerifier;
  money: MatchMoney;
  worker: PayoutWorker;
}

/**
 * The money services the composition root hands the game layer: the entry-fee verifier, what a result or a
 * closed entry owes, and the worker that pays it. Movements are announced through `notify`.
 */
export function wireMoney(deps: {
  db: Database;
  /** Told inside each money transaction (the back-office's wallet analytics). */
  analytics: WalletAnalytics;
  rpc: ChainRpc;
  clock: Clock;
  house: KeyPairSigner;
  notify: (notice: MovementNotice) => void;
  log: Logger;
  /** NODE_ID: whose payout claims a restart takes back (one process per host: the host name). */
  nodeId: string;
}): MoneyWiring {
  const { db, analytics, rpc, clock, house, notify, log, nodeId } = deps;
  const inner = createEntryVerifier({ db, analytics, rpc, clock, houseWallet: house.address, log });
  const verifier: EntryVerifier = {
    async verify(request) {
      const verdict = await inner.verify(request);
      if (verdict.ok) {
        notify({
          id: verdict.paid.transactionId,
          type: 'entry_fee',
          walletAddress: request.walletAddress,
          amountLamports: verdict.paid.lamports,
          status: 'confirmed',
          signature: verdict.paid.signature,
          gameMode: request.mode,
          createdAt: new Date(clock.now()),
        });
      }
      return verdict;
    },
  };
  const worker = createPayoutWorker({
    db,
    analytics,
    rpc,
    houseWallet: house,
    clock,
    // A restart of this node takes back its dead predecessor's claims; several processes
    // on one host each need their own NODE_ID, or one's start would take the other's live claims.
    nodeId,
    workerId: `${nodeId}:${process.pid}:${randomBytes(4).toString('hex')}`,
    log,
    onSent: (payout) =>
      notify({
        id: payout.transactionId ?? payout.jobId,
        type: payout.kind,
        walletAddress: payout.walletAddress,
        amountLamports: payout.amountLamports,
        gameId: payout.gameId,
        status: 'processing',
        signature: payout.signature,
        createdAt: new Date(clock.now()),
      }),
    // The player is told the payout is held for review (the history row says so too).
    onHeld: (payout) =>
      notify({
        id: payout.transactionId ?? payout.jobId,
        type: payout.kind,
        walletAddress: payout.walletAddress,
        amountLamports: payout.amountLamports,
        gameId: payout.gameId,
        status: 'pending',
        signature: null,
        heldForReview: true,
        createdAt: new Date(clock.now()),
      }),
    onConfirmed: (payout) =>
      notify({
        id: payout.transactionId ?? payout.jobId,
        type: payout.kind,
        walletAddress: payout.walletAddress,
        amountLamports: payout.amountLamports,
        gameId: payout.gameId,
        status: 'confirmed',
        signature: payout.signature,
        createdAt: new Date(clock.now()),
      }),
  });
  return { verifier, money: createMatchMoney({ houseWallet: house.address }), worker };
}
