import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Blockhash } from '@solana/kit';
import { type ChainState, openChainState, saveSnapshot } from './chain-state.ts';
import { signFaucetTransfer } from './faucet-transfer.ts';
import { feeForMessage } from './fee-schedule.ts';
import { openGenesis } from './genesis.ts';
import {
  AirdropError,
  type LocalChain,
  type LocalChainOptions,
  type SignatureStatus,
  type SimulationResult,
} from './local-chain-api.ts';
import { type Commitment, createSlotSchedule, FINALITY_DEPTH, MAX_PROCESSING_AGE } from './slot-schedule.ts';
import { describeTransactionError, type TransactionErrorJson } from './transaction-error.ts';
import { executeTransaction, simulateOnSvm } from './transaction-executor.ts';
import type { LandedTransaction } from './transaction-record.ts';
import { type DecodedTransaction, decodeWireTransaction, hasValidSignatures } from './wire-transaction.ts';

export type {
  Commitment,
  LocalChain,
  LocalChainOptions,
  SendOutcome,
  SignatureStatus,
  SimulationResult,
} from './local-chain-api.ts';
export { AirdropError } from './local-chain-api.ts';

/** Mainnet's status cache: getSignatureStatuses without history search only sees this many recent slots. */
const STATUS_CACHE_SLOTS = 300n;

export async function createLocalChain(options: LocalChainOptions): Promise<LocalChain> {
  const { clock, slotMs = 400, snapshotEvery = 256 } = options;
  const dir = path.join(options.dataDir, 'chain');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const genesis = await openGenesis(dir, clock);
  const state: ChainState = await openChainState(dir, genesis);
  const { svm, history } = state;
  // One slot past the last landed transaction: what the log holds was answered and cannot roll back, so a
  // transaction confirmed before a restart stays confirmed after it, even when this run's clock is behind.
  const floorSlot = state.lastSeq > 0 ? state.lastSlot + 1n : state.lastSlot;
  const schedule = createSlotSchedule({ ...genesis, clock, slotMs, floorSlot });
  let airdropNonce = history.count();
  let closed = false;
  /** Set when the log could not be written: the runtime may hold a transaction the log lacks. */
  let broken: unknown;
  let queue: Promise<unknown> = Promise.resolve();
  const landedListeners = new Set<(transaction: LandedTransaction) => void>();

  /** Landing, snapshots and closing run one at a time; reads never wait. */
  function serially<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  }

  function assertUsable(): void {
    if (closed) throw new Error('the local chain is closed');
    if (broken !== undefined) {
      throw new Error('the local chain stopped after a failed log write', { cause: broken });
    }
  }

  const now = () => ({ slot: schedule.advance(), unixTimestamp: schedule.unixTimestamp() });

  /** Mainnet's order: the blockhash age first, then the status cache. */
  function admissionError(decoded: DecodedTransaction, slot: bigint): TransactionErrorJson | null {
    const issued = schedule.issuedHeightOf(decoded.blockhash);
    const expired = issued === undefined || schedule.blockHeightOf(slot) > issued + MAX_PROCESSING_AGE;
    if (expired) return 'BlockhashNotFound';
    if (history.get(decoded.signature)) return 'AlreadyProcessed';
    return null;
  }

  function failedSimulation(err: TransactionErrorJson, decoded: DecodedTransaction): SimulationResult {
    const empty = { logs: [], unitsConsumed: 0n, returnData: null, innerInstructions: [], postAccounts: [] };
    return { err, ...empty, fee: feeForMessage(decoded.message), replacementBlockhash: null };
  }

  function simulate(decoded: DecodedTransaction, replaceRecentBlockhash: boolean): SimulationResult {
    const at = now();
    if (!replaceRecentBlockhash) {
      const err = admissionError(decoded, at.slot);
      if (err) return failedSimulation(err, decoded);
    }
    const outcome = simulateOnSvm(svm, decoded, at);
    const replacement = replaceRecentBlockhash ? latestBlockhash('processed') : null;
    return {
      ...outcome,
      fee: feeForMessage(decoded.message),
      replacementBlockhash: replacement && {
        blockhash: replacement.blockhash,
        lastValidBlockHeight: replacement.lastValidBlockHeight,
      },
    };
  }

  async function land(decoded: DecodedTransaction): Promise<void> {
    const at = now();
    if (admissionError(decoded, at.slot)) return;
    const outcome = executeTransaction(svm, decoded, at);
    if (!outcome.landed) return;
    const record: LandedTransaction = {
      seq: state.lastSeq + 1,
      signature: decoded.signature,
      slot: at.slot,
      blockTime: at.unixTimestamp,
      wire: decoded.wire,
      accountKeys: outcome.accountKeys,
      meta: outcome.meta,
    };
    try {
      await state.log.append(record);
    } catch (error) {
      broken = error;
      throw error;
    }
    state.lastSeq = record.seq;
    history.add(record);
    for (const listener of landedListeners) {
      try {
        listener(record);
      } catch {
        // The transaction has landed and is durable: a subscriber's failure must not fail its sender.
      }
    }
    if (state.lastSeq - state.snapshotSeq >= snapshotEvery) {
      await saveSnapshot(dir, state).catch((error: unknown) => options.onSnapshotError?.(error));
    }
  }

  function status(record: LandedTransaction): SignatureStatus {
    const age = schedule.advance() - record.slot;
    const finalized = age >= FINALITY_DEPTH;
    return {
      slot: record.slot,
      confirmations: finalized ? null : age,
      err: record.meta.err,
      confirmationStatus: finalized ? 'finalized' : age > 0n ? 'confirmed' : 'processed',
    };
  }

  function latestBlockhash(commitment: Commitment) {
    const slot = schedule.slot(commitment);
    const height = schedule.blockHeightOf(slot);
    return {
      slot,
      blockhash: schedule.blockhashAt(height) as Blockhash,
      lastValidBlockHeight: height + MAX_PROCESSING_AGE,
    };
  }

  const chain: LocalChain = {
    genesisHash: genesis.genesisHash,
    faucetAddress: genesis.faucet.address,
    currentSlot: () => schedule.advance(),
    slot: (commitment) => schedule.slot(commitment),
    blockHeight: (commitment) => schedule.blockHeightOf(schedule.slot(commitment)),
    latestBlockhash,
    isBlockhashValid(blockhash, commitment) {
      const issued = schedule.issuedHeightOf(blockhash);
      const height = schedule.blockHeightOf(schedule.slot(commitment));
      return issued !== undefined && issued <= height && height <= issued + MAX_PROCESSING_AGE;
    },
    getAccount: (address) => svm.getAccount(address),
    getBalance: (address) => BigInt(svm.getBalance(address) ?? 0n),
    minimumBalanceForRentExemption: (space) => svm.minimumBalanceForRentExemption(space),
    feeForMessage(message) {
      return chain.isBlockhashValid(message.lifetimeToken, 'processed') ? feeForMessage(message) : null;
    },
    async simulateTransaction(wire, { sigVerify, replaceRecentBlockhash }) {
      assertUsable();
      const decoded = decodeWireTransaction(wire);
      if (sigVerify && !(await hasValidSignatures(decoded))) return 'signature-verification-failed';
      return simulate(decoded, replaceRecentBlockhash);
    },
    async sendTransaction(wire, { skipPreflight }) {
      assertUsable();
      const decoded = decodeWireTransaction(wire);
      // Like Agave, signatures are checked only as part of preflight; a bad one sent without it never lands.
      if (!skipPreflight && !(await hasValidSignatures(decoded))) {
        return { kind: 'signature-verification-failed' };
      }
      return serially(async () => {
        assertUsable();
        if (!skipPreflight) {
          const simulation = simulate(decoded, false);
          if (simulation.err !== null) return { kind: 'preflight-failed', simulation } as const;
        }
        await land(decoded);
        return { kind: 'accepted', signature: decoded.signature } as const;
      });
    },
    async requestAirdrop(address, amount) {
      const { blockhash, lastValidBlockHeight } = latestBlockhash('processed');
      airdropNonce += 1;
      const wire = await signFaucetTransfer({
        faucet: genesis.faucet,
        recipient: address,
        lamports: amount,
        lifetime: { blockhash, lastValidBlockHeight },
        nonce: airdropNonce,
      });
      const outcome = await chain.sendTransaction(wire, { skipPreflight: false });
      if (outcome.kind === 'accepted') return outcome.signature;
      const reason =
        outcome.kind === 'preflight-failed'
          ? describeTransactionError(outcome.simulation.err ?? '')
          : outcome.kind;
      throw new AirdropError(`airdrop of ${amount} lamports to ${address} failed: ${reason}`);
    },
    signatureStatus(signature, searchTransactionHistory) {
      const record = history.get(signature);
      if (!record) return null;
      if (!searchTransactionHistory && schedule.advance() - record.slot > STATUS_CACHE_SLOTS) return null;
      return status(record);
    },
    getTransaction(signature, commitment) {
      const record = history.get(signature);
      return record && record.slot <= schedule.slot(commitment) ? record : null;
    },
    signaturesForAddress(address, { commitment, ...query }) {
      return history.forAddress(address, { ...query, maxSlot: schedule.slot(commitment) });
    },
    transactionCount: () => BigInt(history.count()),
    onLanded(listener) {
      landedListeners.add(listener);
      return () => landedListeners.delete(listener);
    },
    close() {
      if (closed) return Promise.resolve();
      return serially(async () => {
        if (closed) return;
        closed = true;
        try {
          if (broken === undefined && state.snapshotSeq !== state.lastSeq) await saveSnapshot(dir, state);
        } finally {
          await state.log.close();
        }
      });
    },
  };
  return chain;
}
