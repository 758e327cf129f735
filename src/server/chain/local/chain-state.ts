import path from 'node:path';
import { type Address, lamports } from '@solana/kit';
import { LiteSVM } from 'litesvm';
import type { Genesis } from './genesis.ts';
import { readSnapshot, writeSnapshot } from './snapshot-file.ts';
import { executeTransaction } from './transaction-executor.ts';
import { createTransactionHistory, type TransactionHistory } from './transaction-history.ts';
import type { LandedTransaction } from './transaction-record.ts';
import { decodeWireTransaction } from './wire-transaction.ts';
import { openWriteAheadLog, type WriteAheadLog } from './write-ahead-log.ts';

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

/** The runtime plus everything rebuilt from disk: the log, the history indexes and the snapshot position. */
export interface ChainState {
  svm: LiteSVM;
  log: WriteAheadLog;
  history: TransactionHistory;
  /** seq of the last record in the log (0 before the first) */
  lastSeq: number;
  /** seq the newest snapshot on disk reflects */
  snapshotSeq: number;
  lastSlot: bigint;
}

/**
 * Our own rules replace LiteSVM's blockhash check (mainnet's 150-block window instead of "only the latest
 * hash"); signatures stay verified so a badly signed transaction sent without preflight never lands.
 * The flags are set after every restore, as the snapshot is not documented to carry them.
 */
function configure(svm: LiteSVM): LiteSVM {
  return svm.withBlockhashCheck(false).withSigverify(true);
}

function genesisRuntime(genesis: Genesis): LiteSVM {
  const svm = new LiteSVM();
  svm.setAccount({
    address: genesis.faucet.address,
    lamports: lamports(genesis.faucetLamports),
    data: new Uint8Array(),
    programAddress: SYSTEM_PROGRAM,
    executable: false,
    space: 0n,
  });
  return svm;
}

/** Re-runs a logged transaction; it must end exactly as it did the first time or the state is not trusted. */
function replay(svm: LiteSVM, record: LandedTransaction): void {
  const outcome = executeTransaction(svm, decodeWireTransaction(record.wire), {
    slot: record.slot,
    unixTimestamp: record.blockTime,
  });
  const same =
    outcome.landed &&
    outcome.meta.postBalances.length === record.meta.postBalances.length &&
    outcome.meta.postBalances.every((b, i) => b === record.meta.postBalances[i]);
  if (!same) throw new Error(`local chain replay diverged at log record ${record.seq} (${record.signature})`);
}

export function snapshotPath(dir: string): string {
  return path.join(dir, 'state.snapshot');
}

/** Loads the newest snapshot (or the genesis state) and replays the log records written after it. */
export async function openChainState(dir: string, genesis: Genesis): Promise<ChainState> {
  const snapshot = await readSnapshot(snapshotPath(dir));
  const { log, records } = await openWriteAheadLog(path.join(dir, 'transactions.log'));
  const snapshotSeq = snapshot?.seq ?? 0;
  if (snapshotSeq > records.length) {
    await log.close();
    throw new Error(
      `local chain ${dir}: the snapshot is newer than the transaction log (the log was cut short)`,
    );
  }
  const svm = configure(snapshot ? LiteSVM.fromBytes(snapshot.svmBytes) : genesisRuntime(genesis));
  const history = createTransactionHistory();
  try {
    for (const record of records) {
      if (record.seq > snapshotSeq) replay(svm, record);
      history.add(record);
    }
  } catch (error) {
    await log.close();
    throw error;
  }
  return {
    svm,
    log,
    history,
    lastSeq: records.length,
    snapshotSeq,
    lastSlot: records.at(-1)?.slot ?? genesis.genesisSlot,
  };
}

/** Captures the runtime synchronously (consistent with lastSeq) and writes it atomically. */
export async function saveSnapshot(dir: string, state: ChainState): Promise<void> {
  const seq = state.lastSeq;
  await writeSnapshot(snapshotPath(dir), { seq, svmBytes: state.svm.toBytes() });
  state.snapshotSeq = seq;
}
