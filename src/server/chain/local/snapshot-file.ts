import { readFile } from 'node:fs/promises';
import { writeFileAtomically } from './durable-file.ts';

const MAGIC = 'PONG-LOCAL-CHAIN-SNAPSHOT-1\n';

/** LiteSVM's serialized state after the log record `seq` was applied (0: the genesis state). */
export interface Snapshot {
  seq: number;
  svmBytes: Uint8Array;
}

/** Layout: magic line, decimal seq line, then LiteSVM's bytes. Written atomically (temp file + rename). */
export async function writeSnapshot(file: string, snapshot: Snapshot): Promise<void> {
  await writeFileAtomically(file, [MAGIC, `${snapshot.seq}\n`, snapshot.svmBytes]);
}

export async function readSnapshot(file: string): Promise<Snapshot | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const magicEnd = Buffer.byteLength(MAGIC);
  const seqEnd = bytes.indexOf(0x0a, magicEnd);
  const seqText = seqEnd > 0 ? bytes.subarray(magicEnd, seqEnd).toString('latin1') : '';
  if (bytes.subarray(0, magicEnd).toString('latin1') !== MAGIC || !/^\d+$/.test(seqText)) {
    throw new Error(`local chain snapshot ${file} is not a snapshot this server wrote`);
  }
  return { seq: Number(seqText), svmBytes: new Uint8Array(bytes.subarray(seqEnd + 1)) };
}
