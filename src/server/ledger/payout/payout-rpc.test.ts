import type { TransactionError } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { isInsufficientFundsTransactionError } from './payout-rpc.ts';

describe('which chain errors mean the house wallet could not pay', () => {
  it.each([
    ['no lamports for the fee', 'InsufficientFundsForFee', true],
    [
      'the house (fee payer) would fall below rent exemption',
      { InsufficientFundsForRent: { account_index: 0n } },
      true,
    ],
    [
      'the recipient would fall below rent exemption',
      { InsufficientFundsForRent: { account_index: 1n } },
      false,
    ],
    ['the transfer ran out of lamports (System error 1)', { InstructionError: [2n, { Custom: 1n }] }, true],
    ['custom error 1 in another instruction', { InstructionError: [1n, { Custom: 1n }] }, false],
    ['another System error in the transfer', { InstructionError: [2n, { Custom: 0n }] }, false],
    ['an unrelated failure', 'AccountInUse', false],
  ])('%s → %s', (_name, err, expected) => {
    expect(isInsufficientFundsTransactionError(err as unknown as TransactionError)).toBe(expected);
  });
});
