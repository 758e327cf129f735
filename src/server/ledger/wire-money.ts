import { randomBytes } from 'node:crypto';
import type { KeyPairSigner } from '@solana/kit';
import type { Clock } from '../../common/clock.ts';
import type { ChainRpc } from '../chain/chain-rpc.ts';
import { resolveNodeId } from '../cluster/node-id.ts';
import type { Database } from '../db/database.ts';
import type { EntryVerifier } from '../game/game-server.ts';
import { createEntryVerifier } from './entry-verifier.ts';
import { createMatchMoney, type MatchMoney } from './match-money.ts';
import type { MovementNotice } from './money-notice.ts';
import { createPayoutWorker, type PayoutWorker } from './payout-worker.ts';

export interface MoneyWiring {
  verifier: EntryVerifier;
  money: MatchMoney;
  worker: PayoutWorker;
}

/**
 * The money services the composition root hands the game layer: the entry-fee verifier, what a result or a
 * closed entry owes, and the worker that pays it. Movements are announced through `notify` (point 7).
 */
export function wireMoney(deps: {
  db: Database;
  rpc: ChainRpc;
  clock: Clock;
  house: KeyPairSigner;
  notify: (notice: MovementNotice) => void;
  log: (message: string, error?: unknown) => void;
  /** NODE_ID: whose payout claims a restart takes back (default: the host name, one process per host). */
  nodeId?: string;
}): MoneyWiring {
  const { db, rpc, clock, house, notify, log } = deps;
  const nodeId = deps.nodeId ?? resolveNodeId({ configured: undefined, cluster: false });
  const inner = createEntryVerifier({ db, rpc, clock, houseWallet: house.address, log });
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
    rpc,
    houseWallet: house,
    clock,
    // A restart of this node takes back its dead predecessor's claims (issue 8 fault 16); several processes
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
        status: 'confirmed',
        signature: payout.signature,
        createdAt: new Date(clock.now()),
      }),
  });
  return { verifier, money: createMatchMoney({ houseWallet: house.address }), worker };
}
