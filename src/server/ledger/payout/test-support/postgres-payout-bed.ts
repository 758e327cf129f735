import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { KeyPairSigner, Lamports } from '@solana/kit';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../../../../test/support/database-bed.ts';
import {
  type LocalChainServer,
  removeDataDir,
  startLocalChainServer,
  waitForCommitment,
} from '../../../../../test/support/local-chain-server.ts';
import { signerFromSecretBytes } from '../../../chain/keypair-secret.ts';
import { type OpenedDatabase, openDatabase } from '../../../db/open-database.ts';

/**
 * Test support for the payout suites that run the worker or the reconcile CLI in child processes: a
 * throwaway PostgreSQL database (children and this process share it, which PGlite cannot offer), a local
 * chain, and a funded house wallet whose secret the children are given.
 */
export interface PostgresPayoutBed {
  database: ThrowawayDatabase;
  opened: OpenedDatabase;
  server: LocalChainServer;
  houseSecret: Uint8Array;
  house: KeyPairSigner;
  /** A DATA_DIR for this process and its children. */
  dataDir: string;
  close(): Promise<void>;
}

export async function startPostgresPayoutBed(
  dataDirPrefix: string,
  houseLamports: bigint,
): Promise<PostgresPayoutBed> {
  const database = await createThrowawayDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), dataDirPrefix));
  const opened = await openDatabase({ databaseUrl: database.url, dataDir });
  const server = await startLocalChainServer();
  const houseSecret = new Uint8Array(randomBytes(32));
  const house = await signerFromSecretBytes(houseSecret);
  const funding = await server.rpc.requestAirdrop(house.address, houseLamports as Lamports).send();
  await waitForCommitment(server, funding, 'confirmed');
  return {
    database,
    opened,
    server,
    houseSecret,
    house,
    dataDir,
    close: async () => {
      await opened.close();
      await database.drop();
      await server.stop();
      await removeDataDir(server.dataDir);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
