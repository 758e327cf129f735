import type { Signature } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { getGameMode } from '../../../common/game-modes.ts';
import { PaymentError } from '../../payment/payment-errors.ts';
import type { PaymentStatus } from '../wallet-api.ts';
import { resumePhantomPayment } from './resume-payment.ts';

/**
 * The page reloaded from Phantom's signAndSendTransaction answer finishes the entry payment as payEntry
 * would (SPEC §4 states from 'processing', §7 confirmation, §8 errors), for the lobby to findMatch with.
 */
const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
const ADDRESS = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

describe('resuming a deep-link entry payment', () => {
  it("a signature Phantom sent is confirmed on the chain: 'processing', 'confirmed', the cleaned signature", async () => {
    const statuses: PaymentStatus[] = [];
    const confirmed: Signature[] = [];
    const result = await resumePhantomPayment(
      { ok: true, signature: `  ${SIGNATURE} `, address: ADDRESS, gameMode: 'smol_shrimp' },
      (s) => void statuses.push(s),
      async (signature) => void confirmed.push(signature),
    );
    expect(confirmed).toEqual([`  ${SIGNATURE} `]);
    expect(statuses).toEqual(['processing', 'confirmed']);
    expect(result).toEqual({
      success: true,
      signature: SIGNATURE,
      amount: getGameMode('smol_shrimp').wagerAmount,
      gameMode: 'smol_shrimp',
    });
  });

  it('a confirmation that times out is the timeout error, and the payment failed', async () => {
    const statuses: PaymentStatus[] = [];
    const result = await resumePhantomPayment(
      { ok: true, signature: SIGNATURE, address: ADDRESS, gameMode: 'tiny_tuna' },
      (s) => void statuses.push(s),
      async () => {
        throw new PaymentError('Transaction confirmation timed out', 'timeout');
      },
    );
    expect(statuses).toEqual(['processing', 'failed']);
    expect(result).toMatchObject({ success: false, gameMode: 'tiny_tuna', errorType: 'timeout' });
  });

  it("Phantom's refusal is the failed payment with 'Transaction rejected by user' (user_rejected), nothing confirmed", async () => {
    const statuses: PaymentStatus[] = [];
    let confirms = 0;
    const result = await resumePhantomPayment(
      {
        ok: false,
        message: 'Transaction rejected by user',
        errorType: 'user_rejected',
        gameMode: 'giga_whale',
      },
      (s) => void statuses.push(s),
      async () => void confirms++,
    );
    expect(confirms).toBe(0);
    expect(statuses).toEqual(['failed']);
    expect(result).toEqual({
      success: false,
      amount: getGameMode('giga_whale').wagerAmount,
      gameMode: 'giga_whale',
      error: 'Transaction rejected by user',
      errorType: 'user_rejected',
    });
  });

  it('an answer without its game mode is not resumed', async () => {
    let confirms = 0;
    const result = await resumePhantomPayment(
      { ok: true, signature: SIGNATURE, address: ADDRESS, gameMode: null },
      () => undefined,
      async () => void confirms++,
    );
    expect(result).toBeNull();
    expect(confirms).toBe(0);
  });
});
