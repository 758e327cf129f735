import type { TransactionError } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { refusalOfLandedError } from './payout-refusal.ts';

describe('which chain errors are refusals of the transfer, and which can never change', () => {
  it.each([
    [
      'a sysvar or built-in program as recipient',
      { InstructionError: [2n, 'ReadonlyLamportChange'] },
      'never-payable',
    ],
    ['an executable recipient', { InstructionError: [2n, 'ExecutableLamportChange'] }, 'never-payable'],
    [
      'a read-only change outside the transfer',
      { InstructionError: [1n, 'ReadonlyLamportChange'] },
      'refused',
    ],
    [
      'the recipient left below rent exemption',
      { InsufficientFundsForRent: { account_index: 1n } },
      'refused',
    ],
    ['another error of the transfer', { InstructionError: [2n, { Custom: 0n }] }, 'refused'],
    [
      'the house left below rent exemption',
      { InsufficientFundsForRent: { account_index: 0n } },
      'house-shortfall',
    ],
    ['the house short of the amount', { InstructionError: [2n, { Custom: 1n }] }, 'house-shortfall'],
    ['no lamports for the fee', 'InsufficientFundsForFee', 'house-shortfall'],
    ['an account in use (try again)', 'AccountInUse', undefined],
    ['an unknown blockhash (try again)', 'BlockhashNotFound', undefined],
    ['already processed (the look-up decides)', 'AlreadyProcessed', undefined],
  ])('%s → %s', (_name, err, expected) => {
    expect(refusalOfLandedError(err as unknown as TransactionError)?.kind).toBe(expected);
  });
});
