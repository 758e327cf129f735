import {
  type Address,
  type EncodedAccount,
  getAddressDecoder,
  getBase58Decoder,
  getBase64Decoder,
  type Signature,
} from '@solana/kit';
import { Clock, FailedTransactionMetadata, type LiteSVM, type TransactionMetadata } from 'litesvm';
import { type TransactionErrorJson, toTransactionErrorJson } from './transaction-error.ts';
import type { InnerInstructionsJson, RecordedMeta } from './transaction-record.ts';
import type { CompiledMessage, DecodedTransaction } from './wire-transaction.ts';

const SLOTS_PER_EPOCH = 432_000n;
const LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';
/** Lookup table accounts start with a 56-byte LookupTableMeta; the addresses follow. */
const LOOKUP_TABLE_META_BYTES = 56;

export function epochOf(slot: bigint): { epoch: bigint; slotIndex: bigint; slotsInEpoch: bigint } {
  return { epoch: slot / SLOTS_PER_EPOCH, slotIndex: slot % SLOTS_PER_EPOCH, slotsInEpoch: SLOTS_PER_EPOCH };
}

/** Programs read the Clock sysvar; it follows the chain's own slot and wall time, not LiteSVM's defaults. */
export function setClockSysvar(svm: LiteSVM, slot: bigint, unixTimestamp: bigint): void {
  const { epoch } = epochOf(slot);
  svm.setClock(new Clock(slot, unixTimestamp, epoch, epoch + 1n, unixTimestamp));
}

/** Addresses a v0 message loads from lookup tables; empty when a table is missing (the runtime then refuses it). */
export function resolveLoadedAddresses(
  svm: LiteSVM,
  message: CompiledMessage,
): { writable: Address[]; readonly: Address[] } {
  const loaded = { writable: [] as Address[], readonly: [] as Address[] };
  if (message.version !== 0) return loaded;
  for (const lookup of message.addressTableLookups ?? []) {
    const table = svm.getAccount(lookup.lookupTableAddress);
    if (!table.exists || table.programAddress !== LOOKUP_TABLE_PROGRAM) return { writable: [], readonly: [] };
    const at = (i: number): Address | undefined => {
      const start = LOOKUP_TABLE_META_BYTES + i * 32;
      return start + 32 <= table.data.length
        ? getAddressDecoder().decode(table.data.slice(start, start + 32))
        : undefined;
    };
    const writable = lookup.writableIndexes.map(at);
    const readonly = lookup.readonlyIndexes.map(at);
    if ([...writable, ...readonly].some((a) => a === undefined)) return { writable: [], readonly: [] };
    loaded.writable.push(...(writable as Address[]));
    loaded.readonly.push(...(readonly as Address[]));
  }
  return loaded;
}

export function accountKeysOf(svm: LiteSVM, message: CompiledMessage) {
  const loadedAddresses = resolveLoadedAddresses(svm, message);
  return {
    loadedAddresses,
    accountKeys: [...message.staticAccounts, ...loadedAddresses.writable, ...loadedAddresses.readonly],
  };
}

export type ExecutionOutcome =
  | { landed: true; accountKeys: Address[]; meta: RecordedMeta }
  | { landed: false; err: TransactionErrorJson };

/**
 * Runs a transaction for real. A transaction "lands" when the runtime recorded it (LiteSVM keeps failed
 * executions in its history, fee charged); load-time failures such as an unfunded fee payer never land.
 */
export function executeTransaction(
  svm: LiteSVM,
  decoded: DecodedTransaction,
  at: { slot: bigint; unixTimestamp: bigint },
): ExecutionOutcome {
  setClockSysvar(svm, at.slot, at.unixTimestamp);
  const { accountKeys, loadedAddresses } = accountKeysOf(svm, decoded.message);
  const balances = () => accountKeys.map((key) => BigInt(svm.getBalance(key) ?? 0n));
  const preBalances = balances();

  let result: TransactionMetadata | FailedTransactionMetadata;
  try {
    result = svm.sendTransaction(decoded.transaction);
  } catch {
    // LiteSVM's wrapper throws for a missing signature before the runtime sees the transaction.
    return { landed: false, err: 'SignatureFailure' };
  }
  let err: TransactionErrorJson | null = null;
  let runtimeMeta: TransactionMetadata;
  if (result instanceof FailedTransactionMetadata) {
    err = toTransactionErrorJson(result.err());
    if (err === 'AlreadyProcessed' || svm.getTransaction(decoded.signature as Signature) === null) {
      return { landed: false, err };
    }
    runtimeMeta = result.meta();
  } else {
    runtimeMeta = result;
  }
  const postBalances = balances();
  const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
  return {
    landed: true,
    accountKeys,
    meta: {
      err,
      fee: sum(preBalances) - sum(postBalances),
      preBalances,
      postBalances,
      logMessages: runtimeMeta.logs(),
      computeUnitsConsumed: runtimeMeta.computeUnitsConsumed(),
      innerInstructions: innerInstructionsOf(runtimeMeta),
      loadedAddresses,
      returnData: returnDataOf(runtimeMeta),
    },
  };
}

export interface SimulationOutcome {
  err: TransactionErrorJson | null;
  logs: string[];
  unitsConsumed: bigint;
  returnData: RecordedMeta['returnData'];
  innerInstructions: InnerInstructionsJson[];
  /** Accounts as the transaction would leave them (only after a successful simulation). */
  postAccounts: EncodedAccount[];
}

/** Runs a transaction without committing anything. Signatures are the caller's business (sigVerify). */
export function simulateOnSvm(
  svm: LiteSVM,
  decoded: DecodedTransaction,
  at: { slot: bigint; unixTimestamp: bigint },
): SimulationOutcome {
  setClockSysvar(svm, at.slot, at.unixTimestamp);
  svm.withSigverify(false);
  try {
    const result = svm.simulateTransaction(decoded.transaction);
    if (result instanceof FailedTransactionMetadata) {
      const meta = result.meta();
      return {
        err: toTransactionErrorJson(result.err()),
        logs: meta.logs(),
        unitsConsumed: meta.computeUnitsConsumed(),
        returnData: returnDataOf(meta),
        innerInstructions: innerInstructionsOf(meta),
        postAccounts: [],
      };
    }
    const meta = result.meta();
    return {
      err: null,
      logs: meta.logs(),
      unitsConsumed: meta.computeUnitsConsumed(),
      returnData: returnDataOf(meta),
      innerInstructions: innerInstructionsOf(meta),
      postAccounts: result.postAccounts(),
    };
  } finally {
    svm.withSigverify(true);
  }
}

export function innerInstructionsOf(meta: TransactionMetadata): InnerInstructionsJson[] {
  const base58 = getBase58Decoder();
  return meta
    .innerInstructions()
    .map((list, index) => ({
      index,
      instructions: list.map((inner) => {
        const compiled = inner.instruction();
        return {
          programIdIndex: compiled.programIdIndex(),
          accounts: Array.from(compiled.accounts()),
          data: base58.decode(compiled.data()),
          stackHeight: inner.stackHeight(),
        };
      }),
    }))
    .filter((group) => group.instructions.length > 0);
}

export function returnDataOf(meta: TransactionMetadata): RecordedMeta['returnData'] {
  const returned = meta.returnData();
  const data = returned.data();
  if (data.length === 0) return null;
  return {
    programId: getAddressDecoder().decode(returned.programId()),
    data: getBase64Decoder().decode(data),
  };
}
