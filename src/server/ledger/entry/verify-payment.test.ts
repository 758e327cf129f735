import { getBase58Decoder } from '@solana/kit';
import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
import { describe, expect, it } from 'vitest';
import { checkPayment, type ParsedTransactionView, type PaymentExpectation } from './verify-payment.ts';

const key = (fill: number) => getBase58Decoder().decode(new Uint8Array(32).fill(fill));
const SIGNATURE = getBase58Decoder().decode(new Uint8Array(64).fill(9));
const PLAYER = key(1);
const HOUSE = key(2);
const STRANGER = key(3);
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const WAGER = 25_000_000n;
const NOW_MS = Date.UTC(2026, 0, 1, 12);
const BLOCK_TIME = BigInt(NOW_MS / 1000 - 5);

type Instruction = ParsedTransactionView['transaction']['message']['instructions'][number];

function transfer(source: string, destination: string, lamports: bigint | number): Instruction {
  return {
    programId: SYSTEM_PROGRAM_ADDRESS,
    parsed: { type: 'transfer', info: { source, destination, lamports } },
  };
}

function view(overrides: {
  instructions?: Instruction[];
  signers?: string[];
  err?: unknown;
  meta?: null;
  blockTime?: bigint | null;
  signatures?: string[];
}): ParsedTransactionView {
  const signers = overrides.signers ?? [PLAYER];
  return {
    slot: 300_000_123n,
    blockTime: overrides.blockTime === undefined ? BLOCK_TIME : overrides.blockTime,
    version: 0,
    meta: overrides.meta === null ? null : { err: overrides.err ?? null, fee: 5_060n },
    transaction: {
      signatures: overrides.signatures ?? [SIGNATURE],
      message: {
        accountKeys: [
          ...signers.map((pubkey) => ({ pubkey, signer: true })),
          { pubkey: HOUSE, signer: false },
          { pubkey: SYSTEM_PROGRAM_ADDRESS, signer: false },
        ],
        instructions: overrides.instructions ?? [transfer(PLAYER, HOUSE, WAGER)],
      },
    },
  };
}

const expected: PaymentExpectation = {
  signature: SIGNATURE,
  walletAddress: PLAYER,
  houseWallet: HOUSE,
  wagerLamports: WAGER,
  nowMs: NOW_MS,
  recencyWindowMs: 10 * 60_000,
};

describe('every entry fee is verified on chain: what an entry payment must be', () => {
  it('exactly the wager from the signing session wallet to the house is an entry, with its evidence', () => {
    expect(checkPayment(view({}), expected)).toEqual({
      kind: 'exact',
      lamports: WAGER,
      evidence: { slot: 300_000_123n, blockTime: BLOCK_TIME, feeLamports: 5_060n, version: 0 },
    });
  });

  it('one lamport short or one more is a wrong amount of exactly what was paid', () => {
    const short = checkPayment(view({ instructions: [transfer(PLAYER, HOUSE, WAGER - 1n)] }), expected);
    const over = checkPayment(view({ instructions: [transfer(PLAYER, HOUSE, WAGER + 1n)] }), expected);
    expect(short).toMatchObject({ kind: 'wrong_amount', lamports: WAGER - 1n });
    expect(over).toMatchObject({ kind: 'wrong_amount', lamports: WAGER + 1n });
  });

  it('several transfers to the house in one transaction count as their sum', () => {
    const split = [transfer(PLAYER, HOUSE, WAGER / 2n), transfer(PLAYER, HOUSE, WAGER / 2n)];
    expect(checkPayment(view({ instructions: split }), expected)).toMatchObject({
      kind: 'exact',
      lamports: WAGER,
    });
  });

  it('a transfer of nothing is refused, not refunded', () => {
    const zero = view({ instructions: [transfer(PLAYER, HOUSE, 0n)] });
    expect(checkPayment(zero, expected)).toEqual({ kind: 'nothing_paid' });
  });

  it('lamports given as a safe JSON number are read; a malformed info is ignored', () => {
    expect(
      checkPayment(view({ instructions: [transfer(PLAYER, HOUSE, 25_000_000)] }), expected),
    ).toMatchObject({
      kind: 'exact',
    });
    const malformed: Instruction = {
      programId: SYSTEM_PROGRAM_ADDRESS,
      parsed: { type: 'transfer', info: { source: PLAYER, destination: HOUSE, lamports: '25000000' } },
    };
    expect(checkPayment(view({ instructions: [malformed] }), expected)).toEqual({ kind: 'not_to_house' });
  });

  it('a failed transaction is refused whatever it transfers', () => {
    const err = { InstructionError: [1, { Custom: 1 }] };
    expect(checkPayment(view({ err }), expected)).toEqual({ kind: 'failed', err });
    expect(checkPayment(view({ meta: null }), expected)).toEqual({ kind: 'no_meta' });
  });

  it('a transfer whose source is another wallet, or a wallet that did not sign, is refused', () => {
    const others = view({ instructions: [transfer(STRANGER, HOUSE, WAGER)], signers: [STRANGER] });
    expect(checkPayment(others, expected)).toEqual({ kind: 'not_from_wallet' });
    const unsigned = view({ signers: [STRANGER] });
    expect(checkPayment(unsigned, expected)).toEqual({ kind: 'not_from_wallet' });
  });

  it('a transfer to another address is refused', () => {
    const elsewhere = view({ instructions: [transfer(PLAYER, STRANGER, WAGER)] });
    expect(checkPayment(elsewhere, expected)).toEqual({ kind: 'not_to_house' });
  });

  it('a token transfer to the house instead of SOL is refused', () => {
    const token: Instruction = {
      programId: TOKEN_PROGRAM,
      parsed: {
        type: 'transferChecked',
        info: { source: key(7), destination: HOUSE, authority: PLAYER, tokenAmount: { amount: '25000000' } },
      },
    };
    expect(checkPayment(view({ instructions: [token] }), expected)).toEqual({ kind: 'not_to_house' });
  });

  it('a "transfer" parsed for another program, or a System transferWithSeed, does not count', () => {
    const impostor: Instruction = { ...transfer(PLAYER, HOUSE, WAGER), programId: TOKEN_PROGRAM };
    expect(checkPayment(view({ instructions: [impostor] }), expected)).toEqual({ kind: 'not_to_house' });
    const withSeed: Instruction = {
      programId: SYSTEM_PROGRAM_ADDRESS,
      parsed: {
        type: 'transferWithSeed',
        info: { source: key(8), sourceBase: PLAYER, destination: HOUSE, lamports: WAGER },
      },
    };
    expect(checkPayment(view({ instructions: [withSeed] }), expected)).toEqual({ kind: 'not_to_house' });
  });

  it('a payment older than the window is refused; one exactly at the window is not', () => {
    const windowSeconds = BigInt(expected.recencyWindowMs / 1000);
    const atWindow = view({ blockTime: BigInt(NOW_MS / 1000) - windowSeconds });
    expect(checkPayment(atWindow, expected)).toMatchObject({ kind: 'exact' });
    const older = view({ blockTime: BigInt(NOW_MS / 1000) - windowSeconds - 1n });
    expect(checkPayment(older, expected)).toMatchObject({
      kind: 'too_old',
      ageMs: expected.recencyWindowMs + 1000,
      lamports: WAGER,
    });
    expect(checkPayment(view({ blockTime: null }), expected)).toEqual({ kind: 'no_block_time' });
  });

  it('a signature other than the transaction id (its first signature) is refused', () => {
    const second = view({ signatures: [getBase58Decoder().decode(new Uint8Array(64).fill(4)), SIGNATURE] });
    expect(checkPayment(second, expected)).toEqual({ kind: 'not_transaction_id' });
  });
});
