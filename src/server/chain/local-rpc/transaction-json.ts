import { type Address, getBase58Decoder, getBase64Decoder } from '@solana/kit';
import type {
  CompiledInstructionJson,
  LandedTransaction,
  RecordedMeta,
} from '../local/transaction-record.ts';
import type { DecodedTransaction } from '../local/wire-transaction.ts';
import { instructionJsonParsed } from './instruction-json.ts';

export type TransactionEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58';

/** mainnet's `status` field: the same error as `err`, wrapped Rust-Result style */
export function statusOf(err: RecordedMeta['err']) {
  return err === null ? { Ok: null } : { Err: err };
}

function topLevelInstructions(decoded: DecodedTransaction): CompiledInstructionJson[] {
  const base58 = getBase58Decoder();
  return decoded.message.instructions.map((ix) => ({
    programIdIndex: ix.programAddressIndex,
    accounts: [...(ix.accountIndices ?? [])],
    data: base58.decode(ix.data ?? new Uint8Array()),
    stackHeight: null,
  }));
}

function parsedInstruction(ix: CompiledInstructionJson, keys: Address[]) {
  const key = (i: number) => keys[i] as Address;
  return instructionJsonParsed(key(ix.programIdIndex), ix.accounts.map(key), ix.data, ix.stackHeight);
}

function addressTableLookups(decoded: DecodedTransaction) {
  if (decoded.message.version !== 0) return undefined;
  return (decoded.message.addressTableLookups ?? []).map((lookup) => ({
    accountKey: lookup.lookupTableAddress,
    writableIndexes: [...lookup.writableIndexes],
    readonlyIndexes: [...lookup.readonlyIndexes],
  }));
}

/** Header rules for static keys; lookup-table keys are never signers and writable as their table says. */
function parsedAccountKeys(record: LandedTransaction, decoded: DecodedTransaction) {
  const { header, staticAccounts } = decoded.message;
  const staticKeys = staticAccounts.map((pubkey, i) => {
    const signer = i < header.numSignerAccounts;
    const writable = signer
      ? i < header.numSignerAccounts - header.numReadonlySignerAccounts
      : i < staticAccounts.length - header.numReadonlyNonSignerAccounts;
    return { pubkey, writable, signer, source: 'transaction' as const };
  });
  const { writable, readonly } = record.meta.loadedAddresses;
  const loaded = [
    ...writable.map((pubkey) => ({ pubkey, writable: true, signer: false, source: 'lookupTable' as const })),
    ...readonly.map((pubkey) => ({ pubkey, writable: false, signer: false, source: 'lookupTable' as const })),
  ];
  return [...staticKeys, ...loaded];
}

function transactionField(
  record: LandedTransaction,
  decoded: DecodedTransaction,
  encoding: TransactionEncoding,
) {
  if (encoding === 'base64') return [getBase64Decoder().decode(record.wire), 'base64'];
  if (encoding === 'base58') return [getBase58Decoder().decode(record.wire), 'base58'];
  const { header, staticAccounts } = decoded.message;
  const common = { recentBlockhash: decoded.blockhash, addressTableLookups: addressTableLookups(decoded) };
  if (encoding === 'jsonParsed') {
    return {
      signatures: decoded.signatures,
      message: {
        accountKeys: parsedAccountKeys(record, decoded),
        instructions: topLevelInstructions(decoded).map((ix) => parsedInstruction(ix, record.accountKeys)),
        ...common,
      },
    };
  }
  return {
    signatures: decoded.signatures,
    message: {
      accountKeys: staticAccounts,
      header: {
        numRequiredSignatures: header.numSignerAccounts,
        numReadonlySignedAccounts: header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: header.numReadonlyNonSignerAccounts,
      },
      instructions: topLevelInstructions(decoded),
      ...common,
    },
  };
}

function metaField(record: LandedTransaction, encoding: TransactionEncoding) {
  const { meta } = record;
  const parsed = encoding === 'jsonParsed';
  return {
    err: meta.err,
    status: statusOf(meta.err),
    fee: meta.fee,
    preBalances: meta.preBalances,
    postBalances: meta.postBalances,
    innerInstructions: meta.innerInstructions.map((group) => ({
      index: group.index,
      instructions: parsed
        ? group.instructions.map((ix) => parsedInstruction(ix, record.accountKeys))
        : group.instructions,
    })),
    logMessages: meta.logMessages,
    preTokenBalances: [],
    postTokenBalances: [],
    rewards: [],
    // Agave leaves loadedAddresses out of jsonParsed meta: the parsed account keys already carry them.
    loadedAddresses: parsed ? undefined : meta.loadedAddresses,
    computeUnitsConsumed: meta.computeUnitsConsumed,
    returnData: meta.returnData
      ? { programId: meta.returnData.programId, data: [meta.returnData.data, 'base64'] }
      : undefined,
  };
}

/** getTransaction's result in mainnet's shape; `version` only when the client named a supported version. */
export function transactionResponse(
  record: LandedTransaction,
  decoded: DecodedTransaction,
  encoding: TransactionEncoding,
  includeVersion: boolean,
) {
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    meta: metaField(record, encoding),
    transaction: transactionField(record, decoded, encoding),
    version: includeVersion ? decoded.version : undefined,
  };
}
