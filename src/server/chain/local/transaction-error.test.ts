import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  describeTransactionError,
  INSTRUCTION_ERRORS,
  TRANSACTION_ERRORS,
  toTransactionErrorJson,
} from './transaction-error.ts';

/** LiteSVM's const enums exist only in its type declarations, so that is where the names are checked. */
async function declaredEnum(name: string): Promise<string[]> {
  const declarations = await readFile(
    createRequire(import.meta.url).resolve('litesvm/dist/internal.d.ts'),
    'utf8',
  );
  const body = new RegExp(`export declare const enum ${name} \\{([^}]*)\\}`).exec(declarations)?.[1] ?? '';
  const entries = [...body.matchAll(/(\w+) = (\d+)/g)].map((m) => [Number(m[2]), m[1] as string] as const);
  return entries.sort((a, b) => a[0] - b[0]).map(([, variant]) => variant);
}

describe('LiteSVM errors in the JSON shapes mainnet sends and Kit decodes', () => {
  it('the fieldless error names follow the installed LiteSVM enums number for number', async () => {
    expect([...TRANSACTION_ERRORS]).toEqual(await declaredEnum('TransactionErrorFieldless'));
    expect([...INSTRUCTION_ERRORS]).toEqual(await declaredEnum('InstructionErrorFieldless'));
    expect(toTransactionErrorJson(7)).toBe('BlockhashNotFound');
  });

  it.each([
    ['BlockhashNotFound', 'Blockhash not found'],
    ['AlreadyProcessed', 'This transaction has already been processed'],
    [{ InstructionError: [1, { Custom: 1 }] }, 'Error processing Instruction 1: custom program error: 0x1'],
    [
      { InstructionError: [0, 'InsufficientFunds'] },
      'Error processing Instruction 0: insufficient funds for instruction',
    ],
    [
      { InsufficientFundsForRent: { account_index: 1 } },
      'Transaction results in an account (1) with insufficient funds for rent',
    ],
  ] as const)('%j reads "%s" as Agave prints it', (err, text) => {
    expect(describeTransactionError(err as never)).toBe(text);
  });
});
