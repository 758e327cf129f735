import type { FailedTransactionMetadata } from 'litesvm';
import {
  InstructionErrorBorshIo,
  InstructionErrorCustom,
  TransactionErrorDuplicateInstruction,
  TransactionErrorInstructionError,
  TransactionErrorInsufficientFundsForRent,
  TransactionErrorProgramExecutionTemporarilyRestricted,
} from 'litesvm/dist/internal.js';

/** Instruction errors as mainnet's JSON-RPC writes them and Kit decodes them. */
export type InstructionErrorJson = string | { Custom: number } | { BorshIoError: string };

/** Transaction errors as mainnet's JSON-RPC writes them (serde's externally tagged enums). */
export type TransactionErrorJson =
  | string
  | { InstructionError: [number, InstructionErrorJson] }
  | { DuplicateInstruction: number }
  | { InsufficientFundsForRent: { account_index: number } }
  | { ProgramExecutionTemporarilyRestricted: { account_index: number } };

// LiteSVM hands fieldless variants over as numbers; these lists follow its enums (litesvm/dist/internal.d.ts),
// which follow Agave's declaration order. Const enums cannot be read under isolatedModules, hence the copy.
// biome-ignore format: one dense list mirrors the enum
export const TRANSACTION_ERRORS = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee',
  'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee',
  'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance',
  'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks',
  'AddressLookupTableNotFound', 'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount', 'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
] as const;

// biome-ignore format: one dense list mirrors the enum
export const INSTRUCTION_ERRORS = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall',
  'InsufficientFunds', 'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized',
  'UninitializedAccount', 'UnbalancedInstruction', 'ModifiedProgramId', 'ExternalAccountLamportSpend',
  'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified', 'DuplicateAccountIndex',
  'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged',
  'AccountNotExecutable', 'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync',
  'InvalidError', 'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId', 'CallDepth', 'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded',
  'InvalidSeeds', 'InvalidRealloc', 'ComputationalBudgetExceeded', 'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete', 'ProgramFailedToCompile', 'Immutable',
  'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner', 'ArithmeticOverflow', 'UnsupportedSysvar',
  'IllegalOwner', 'MaxAccountsDataAllocationsExceeded', 'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits', 'BorshIoError',
] as const;

type LiteSvmTransactionError = ReturnType<FailedTransactionMetadata['err']>;

export function toTransactionErrorJson(err: LiteSvmTransactionError): TransactionErrorJson {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? `UnknownTransactionError${err}`;
  if (err instanceof TransactionErrorInstructionError) {
    const inner = err.err();
    let json: InstructionErrorJson;
    if (typeof inner === 'number') json = INSTRUCTION_ERRORS[inner] ?? `UnknownInstructionError${inner}`;
    else if (inner instanceof InstructionErrorCustom) json = { Custom: inner.code };
    else if (inner instanceof InstructionErrorBorshIo) json = { BorshIoError: inner.msg };
    else json = 'GenericError';
    return { InstructionError: [err.index, json] };
  }
  if (err instanceof TransactionErrorDuplicateInstruction) return { DuplicateInstruction: err.index };
  if (err instanceof TransactionErrorInsufficientFundsForRent) {
    return { InsufficientFundsForRent: { account_index: err.accountIndex } };
  }
  if (err instanceof TransactionErrorProgramExecutionTemporarilyRestricted) {
    return { ProgramExecutionTemporarilyRestricted: { account_index: err.accountIndex } };
  }
  return 'UnbalancedTransaction';
}

// Agave's Display texts for the errors a payment flow meets; the rest fall back to the variant name.
const TRANSACTION_ERROR_TEXT: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
};

const INSTRUCTION_ERROR_TEXT: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
};

/** The text mainnet puts after "Transaction simulation failed: ". */
export function describeTransactionError(err: TransactionErrorJson): string {
  if (typeof err === 'string') return TRANSACTION_ERROR_TEXT[err] ?? err;
  if ('InstructionError' in err) {
    const [index, inner] = err.InstructionError;
    let text: string;
    if (typeof inner === 'string') text = INSTRUCTION_ERROR_TEXT[inner] ?? inner;
    else if ('Custom' in inner) text = `custom program error: 0x${inner.Custom.toString(16)}`;
    else text = `Failed to serialize or deserialize account data: ${inner.BorshIoError}`;
    return `Error processing Instruction ${index}: ${text}`;
  }
  if ('DuplicateInstruction' in err) {
    return `Transaction contains a duplicate instruction (${err.DuplicateInstruction}) that is not allowed`;
  }
  if ('InsufficientFundsForRent' in err) {
    return `Transaction results in an account (${err.InsufficientFundsForRent.account_index}) with insufficient funds for rent`;
  }
  return `Execution of the program referenced by account at index ${err.ProgramExecutionTemporarilyRestricted.account_index} is temporarily restricted.`;
}
