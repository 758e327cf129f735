import type { KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseUnderTest } from '../../../../../test/support/database-bed.ts';
import {
  airdropTo,
  type LocalChainServer,
  removeDataDir,
  startLocalChainServer,
} from '../../../../../test/support/local-chain-server.ts';
import { walletAnalytics } from '../../../admin/analytics/refresh-wallet-analytics.ts';
import { type ReconcileReport, reconcile } from '../../reconcile/reconcile.ts';
import { createPayoutWorker, type PayoutWorker, type PayoutWorkerOptions } from '../payout-worker.ts';

/** Test support: a local chain with a funded house wallet, workers on one fake clock, and reconciliation. */
export interface PayoutTestBed {
  readonly server: LocalChainServer;
  readonly house: KeyPairSigner;
  /** The shared fake clock's time, for owePayment. */
  now(): Date;
  /** A worker on the bed's database, chain, house and clock; each gets its own id. */
  worker(options?: Partial<PayoutWorkerOptions>): PayoutWorker;
  /** RELIABILITY 27 for this house wallet, the faucet being its funding source. */
  reconcile(): Promise<ReconcileReport>;
}

/** Registers the hooks of one suite: the chain starts before its tests and is removed after them. */
export function usePayoutTestBed(target: DatabaseUnderTest, houseLamports: bigint): PayoutTestBed {
  let server: LocalChainServer | undefined;
  let house: KeyPairSigner | undefined;
  let workers = 0;
  beforeAll(async () => {
    server = await startLocalChainServer();
    house = await airdropTo(server, houseLamports);
  });
  afterAll(async () => {
    await server?.stop();
    if (server) await removeDataDir(server.dataDir);
  });

  const ready = () => {
    if (!server || !house) throw new Error('the payout test bed is not started yet');
    return { server, house };
  };
  return {
    get server() {
      return ready().server;
    },
    get house() {
      return ready().house;
    },
    now: () => new Date(ready().server.clock.now()),
    worker(options = {}) {
      workers += 1;
      const bed = ready();
      return createPayoutWorker({
        analytics: walletAnalytics,
        db: target.db,
        rpc: bed.server.rpc,
        houseWallet: bed.house,
        clock: bed.server.clock,
        workerId: `test-worker-${workers}`,
        log: () => {},
        ...options,
      });
    },
    reconcile() {
      const bed = ready();
      return reconcile({
        db: target.db,
        rpc: bed.server.rpc,
        houseWallet: bed.house.address,
        fundingAddresses: [bed.server.chain.faucetAddress],
      });
    },
  };
}
