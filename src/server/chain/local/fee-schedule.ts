import { getU32Decoder, getU64Decoder } from '@solana/kit';
import type { CompiledMessage } from './wire-transaction.ts';

export const LAMPORTS_PER_SIGNATURE = 5_000n;
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000n;
/** Since SIMD-0170 a builtin instruction (compute budget included) reserves 3,000 units by default. */
const BUILTIN_DEFAULT_UNITS = 3_000n;
const OTHER_DEFAULT_UNITS = 200_000n;
const BUILTIN_PROGRAMS = new Set([
  '11111111111111111111111111111111',
  COMPUTE_BUDGET_PROGRAM,
  'AddressLookupTab1e1111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'Vote111111111111111111111111111111111111111',
]);

/**
 * The fee the runtime will charge: 5,000 lamports per signature plus the priority fee
 * ceil(unit price in micro-lamports × unit limit / 1e6). Used by getFeeForMessage and simulation; landed
 * transactions record what was really taken from the balances instead.
 */
export function feeForMessage(message: CompiledMessage): bigint {
  let requestedLimit: bigint | undefined;
  let microLamportsPerUnit = 0n;
  let defaultLimit = 0n;
  for (const ix of message.instructions) {
    const program = message.staticAccounts[ix.programAddressIndex];
    const data = ix.data ?? new Uint8Array();
    if (program === COMPUTE_BUDGET_PROGRAM && data[0] === 2 && data.length >= 5) {
      requestedLimit = BigInt(getU32Decoder().decode(data, 1));
    } else if (program === COMPUTE_BUDGET_PROGRAM && data[0] === 3 && data.length >= 9) {
      microLamportsPerUnit = getU64Decoder().decode(data, 1);
    }
    defaultLimit +=
      program !== undefined && BUILTIN_PROGRAMS.has(program) ? BUILTIN_DEFAULT_UNITS : OTHER_DEFAULT_UNITS;
  }
  let limit = requestedLimit ?? defaultLimit;
  if (limit > MAX_COMPUTE_UNIT_LIMIT) limit = MAX_COMPUTE_UNIT_LIMIT;
  const priorityFee = (microLamportsPerUnit * limit + 999_999n) / 1_000_000n;
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts) + priorityFee;
}
