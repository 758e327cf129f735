import { type FileHandle, open, readFile, truncate } from 'node:fs/promises';
import path from 'node:path';
import { type Address, getBase64Decoder, getBase64Encoder, type Signature } from '@solana/kit';
import { z } from 'zod';
import { fsyncDirectory } from './durable-file.ts';
import type { TransactionErrorJson } from './transaction-error.ts';
import type { LandedTransaction } from './transaction-record.ts';

/**
 * The chain's ledger: one JSON line per landed transaction (wire bytes, slot, block time, the meta
 * computed when it ran), appended and fsynced before the RPC answers. Snapshots only shorten the replay;
 * the log itself is the transaction history, so it is never truncated except for a torn last line.
 */
export interface WriteAheadLog {
  append(record: LandedTransaction): Promise<void>;
  close(): Promise<void>;
}

const u64 = z
  .string()
  .regex(/^\d+$/)
  .transform((s) => BigInt(s));
const address = z.string().transform((s) => s as Address);
const transactionError = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .transform((e) => e as TransactionErrorJson);
const compiledInstruction = z.object({
  programIdIndex: z.number().int(),
  accounts: z.array(z.number().int()),
  data: z.string(),
  stackHeight: z.number().int().nullable(),
});

const recordSchema = z.object({
  seq: z.number().int().positive(),
  signature: z.string().transform((s) => s as Signature),
  slot: u64,
  blockTime: u64,
  wire: z.string().transform((s) => new Uint8Array(getBase64Encoder().encode(s))),
  accountKeys: z.array(address),
  meta: z.object({
    err: transactionError.nullable(),
    fee: u64,
    preBalances: z.array(u64),
    postBalances: z.array(u64),
    logMessages: z.array(z.string()),
    computeUnitsConsumed: u64,
    innerInstructions: z.array(
      z.object({ index: z.number().int(), instructions: z.array(compiledInstruction) }),
    ),
    loadedAddresses: z.object({ writable: z.array(address), readonly: z.array(address) }),
    returnData: z.object({ programId: address, data: z.string() }).nullable(),
  }),
});

function serialize(record: LandedTransaction): string {
  const text = (n: bigint) => n.toString();
  return `${JSON.stringify({
    ...record,
    slot: text(record.slot),
    blockTime: text(record.blockTime),
    wire: getBase64Decoder().decode(record.wire),
    meta: {
      ...record.meta,
      fee: text(record.meta.fee),
      preBalances: record.meta.preBalances.map(text),
      postBalances: record.meta.postBalances.map(text),
      computeUnitsConsumed: text(record.meta.computeUnitsConsumed),
    },
  })}\n`;
}

function parseLine(line: string): LandedTransaction | undefined {
  try {
    return recordSchema.parse(JSON.parse(line));
  } catch {
    return undefined;
  }
}

/**
 * Reads every record and opens the log for appending. A last line without its newline, or one that does
 * not parse, is a write that was never acknowledged: it is cut off. A bad line before the end is
 * corruption and stops the chain from opening.
 */
export async function openWriteAheadLog(
  file: string,
): Promise<{ log: WriteAheadLog; records: LandedTransaction[] }> {
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const lines = text.split('\n');
  const records: LandedTransaction[] = [];
  let keptBytes = 0;
  for (const [i, line] of lines.entries()) {
    const isLast = i >= lines.length - 2; // the final element is whatever follows the last newline
    if (i === lines.length - 1) break;
    const record = parseLine(line);
    if (!record || record.seq !== records.length + 1) {
      if (isLast) break;
      throw new Error(`local chain log ${file}: line ${i + 1} is corrupt`);
    }
    records.push(record);
    keptBytes += Buffer.byteLength(line) + 1;
  }
  if (keptBytes !== Buffer.byteLength(text)) await truncate(file, keptBytes);

  const handle: FileHandle = await open(file, 'a', 0o600);
  // A log file created just now is only durable once its directory entry is.
  await fsyncDirectory(path.dirname(file));
  return {
    records,
    log: {
      async append(record) {
        await handle.appendFile(serialize(record));
        await handle.datasync();
      },
      close: () => handle.close(),
    },
  };
}
