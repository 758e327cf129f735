import {
  SOLANA_ERROR__BLOCK_HEIGHT_EXCEEDED,
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
  SOLANA_ERROR__TRANSACTION_ERROR__ACCOUNT_NOT_FOUND,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE,
  SolanaError,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { classifyPaymentError, PaymentError, transactionFailed } from './payment-errors.ts';

function preflightFailure(cause: unknown, logs: string[] = []) {
  return new SolanaError(SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE, {
    accounts: null,
    logs,
    unitsConsumed: 150n,
    returnData: null,
    innerInstructions: null,
    cause,
  } as never);
}

describe('payment error catalogue', () => {
  it.each([
    ["a wallet's code 4001", Object.assign(new Error('Something'), { code: 4001 })],
    ["Phantom's 'User rejected the request.'", new Error('User rejected the request.')],
    ['a plain object from a wallet', { code: 4001, message: 'rejected' }],
    ['Solflare-style text', new Error('Transaction cancelled by user')],
  ])('user rejection (%s) → user_rejected', (_name, error) => {
    expect(classifyPaymentError(error)).toEqual({
      error: 'Transaction rejected by user',
      errorType: 'user_rejected',
    });
  });

  it.each([
    ['a wallet text', new Error('Insufficient funds for fee')],
    [
      'a preflight failure whose System transfer logs insufficient lamports',
      preflightFailure(new SolanaError(SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM, { code: 1, index: 1 }), [
        'Program 11111111111111111111111111111111 invoke [1]',
        'Transfer: insufficient lamports 5000, need 25000000',
      ]),
    ],
    [
      'an account the chain never credited',
      preflightFailure(new SolanaError(SOLANA_ERROR__TRANSACTION_ERROR__ACCOUNT_NOT_FOUND)),
    ],
    [
      'a fee payer that cannot pay the fee',
      new SolanaError(SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE),
    ],
  ])('insufficient funds or lamports (%s) → insufficient_funds', (_name, error) => {
    expect(classifyPaymentError(error)).toEqual({
      error: 'Insufficient funds for transaction',
      errorType: 'insufficient_funds',
    });
  });

  it.each([
    [
      'the blockhash expired',
      new SolanaError(SOLANA_ERROR__BLOCK_HEIGHT_EXCEEDED, {
        currentBlockHeight: 10n,
        lastValidBlockHeight: 5n,
      }),
    ],
    ['a wallet timeout text', new Error('Request timed out')],
  ])('timeout (%s) → timeout', (_name, error) => {
    expect(classifyPaymentError(error)).toEqual({
      error: 'Transaction confirmation timed out - check your wallet for status',
      errorType: 'timeout',
    });
  });

  it.each([
    ["the browser's fetch failure", new TypeError('Failed to fetch')],
    [
      'an RPC answering 503',
      new SolanaError(SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR, {
        headers: new Headers(),
        message: 'Service Unavailable',
        statusCode: 503,
      }),
    ],
    [
      'an RPC answering 429',
      new SolanaError(SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR, {
        headers: new Headers(),
        message: 'Too Many Requests',
        statusCode: 429,
      }),
    ],
  ])('network (%s) → network', (_name, error) => {
    expect(classifyPaymentError(error)).toEqual({
      error: 'Network connection issue while processing transaction',
      errorType: 'network',
    });
  });

  it('a buffer problem → buffer', () => {
    expect(classifyPaymentError(new ReferenceError('Buffer is not defined'))).toEqual({
      error: 'Browser compatibility issue with wallet',
      errorType: 'buffer',
    });
  });

  it('anything else keeps its raw message as generic', () => {
    expect(classifyPaymentError(new Error('Something odd happened'))).toEqual({
      error: 'Something odd happened',
      errorType: 'generic',
    });
    expect(classifyPaymentError('plain text')).toEqual({ error: 'plain text', errorType: 'generic' });
  });

  it('an error of an unusual shape is read for its message, never shown as an object or a decoding hint', () => {
    // A JSON-RPC answer handed on whole, its message one level down.
    expect(
      classifyPaymentError({ jsonrpc: '2.0', id: 1, error: { code: -32005, message: 'Node is behind' } }),
    ).toEqual({ error: 'Node is behind', errorType: 'generic' });
    // A code and nothing else.
    expect(classifyPaymentError({ code: -32603 })).toEqual({
      error: 'Unknown error (code -32603)',
      errorType: 'generic',
    });
    expect(classifyPaymentError({})).toEqual({ error: 'Unknown error', errorType: 'generic' });
    // Kit's production message keeps its number, not the command a developer decodes it with.
    expect(
      classifyPaymentError(
        new Error(
          "Solana error #8100002; Decode this error by running `npx @solana/errors decode -- 8100002 'eyJ...'`",
        ),
      ),
    ).toEqual({ error: 'Solana error #8100002', errorType: 'generic' });
  });

  it("the payment path's own errors keep their words and type", () => {
    expect(
      classifyPaymentError(new PaymentError(transactionFailed('custom program error: 0x1'), 'generic')),
    ).toEqual({
      error: 'Transaction failed: custom program error: 0x1',
      errorType: 'generic',
    });
  });

  it('the cause chain is read: a rejection wrapped by a library is still a rejection', () => {
    const wrapped = new Error('signAndSendTransaction failed', { cause: { code: 4001, message: 'x' } });
    expect(classifyPaymentError(wrapped).errorType).toBe('user_rejected');
  });
});
