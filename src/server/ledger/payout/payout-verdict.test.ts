import { describe, expect, it } from 'vitest';
import { backoffMs } from './payout-job.ts';
import { type ChainSignatureStatus, judgeSignedTransfer } from './payout-verdict.ts';

const LAST_VALID = 1_000n;
const ok = (confirmationStatus: ChainSignatureStatus['confirmationStatus']): ChainSignatureStatus => ({
  slot: 7n,
  confirmationStatus,
  err: null,
});
const failed: ChainSignatureStatus = {
  slot: 7n,
  confirmationStatus: 'confirmed',
  err: 'InsufficientFundsForFee',
};

describe('what a stored, signed transfer is, given the chain', () => {
  it.each([
    ['confirmed, no error', ok('confirmed'), LAST_VALID, 'paid'],
    ['finalized, no error', ok('finalized'), LAST_VALID + 500n, 'paid'],
    ['processed only: a fork could still drop it', ok('processed'), LAST_VALID, 'awaiting-confirmation'],
    ['processed only, even after expiry', ok('processed'), LAST_VALID + 1n, 'awaiting-confirmation'],
    ['not found, block height = last valid: may still land, re-send', null, LAST_VALID, 'resend'],
    ['not found, block height one past last valid: expired', null, LAST_VALID + 1n, 'expired'],
    ['landed with an error, blockhash valid: wait for expiry', failed, LAST_VALID, 'failed-awaiting-expiry'],
    ['landed with an error, blockhash expired', failed, LAST_VALID + 1n, 'expired'],
  ] as const)('%s → %s', (_name, status, height, kind) => {
    expect(judgeSignedTransfer(status, height, LAST_VALID).kind).toBe(kind);
  });

  it('paid carries the slot and the commitment the chain reported', () => {
    expect(judgeSignedTransfer(ok('finalized'), 0n, LAST_VALID)).toEqual({
      kind: 'paid',
      slot: 7n,
      status: 'finalized',
    });
  });
});

describe('retries back off exponentially, capped', () => {
  it.each([
    [1, 2_000],
    [2, 4_000],
    [3, 8_000],
    [8, 256_000],
    [9, 300_000],
    [1_000, 300_000],
  ])('attempt %i waits %i ms', (attempt, ms) => {
    expect(backoffMs(attempt)).toBe(ms);
  });
});
