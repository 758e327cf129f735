import { createHash } from 'node:crypto';
import { getBase58Decoder, getBase58Encoder, getU64Encoder } from '@solana/kit';
import type { Clock } from '../../../common/clock.ts';

export type Commitment = 'processed' | 'confirmed' | 'finalized';

/** Mainnet's MAX_PROCESSING_AGE: a blockhash is usable while block height <= issued height + 150. */
export const MAX_PROCESSING_AGE = 150n;
/** A block is finalized (rooted) this many slots after it was produced. */
export const FINALITY_DEPTH = 32n;
/**
 * Block height = slot - this lag. On mainnet skipped slots make the two numbers differ; keeping them apart
 * here makes code that confuses them fail locally instead of on mainnet.
 */
export const BLOCK_HEIGHT_LAG = 23_456_789n;
/** How many recent blockhashes are recognised at all (mainnet's blockhash queue holds 300). */
const RECOGNISED_BLOCKHASHES = 300n;

/** Math.max does not take bigints. */
function larger(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

export interface SlotSchedule {
  /** The processed slot now: it follows the injected clock and never goes backwards. */
  advance(): bigint;
  slot(commitment: Commitment): bigint;
  blockHeightOf(slot: bigint): bigint;
  blockhashAt(blockHeight: bigint): string;
  /** The block height at which a recent blockhash was produced; undefined for unknown or long-gone ones. */
  issuedHeightOf(blockhash: string): bigint | undefined;
  /** Seconds since the epoch, as the Clock sysvar and blockTime carry it. */
  unixTimestamp(): bigint;
}

export interface SlotScheduleOptions {
  clock: Clock;
  slotMs: number;
  genesisSlot: bigint;
  genesisTimeMs: number;
  genesisHash: string;
  /** The highest slot already used (from the log), so a clock set back after a restart cannot rewind. */
  floorSlot: bigint;
}

/**
 * Slots advance lazily with wall time: every slot has one block and one blockhash. Blockhashes are
 * derived from the genesis hash and the block height instead of being stored, so a blockhash handed out
 * just before a crash is still recognised after the restart without an fsync per slot.
 */
export function createSlotSchedule(options: SlotScheduleOptions): SlotSchedule {
  const { clock, slotMs, genesisSlot, genesisTimeMs } = options;
  const seed = new Uint8Array(getBase58Encoder().encode(options.genesisHash));
  const genesisHeight = genesisSlot - BLOCK_HEIGHT_LAG;
  let current = larger(options.floorSlot, genesisSlot);
  const recognised = new Map<string, bigint>();
  let recognisedFrom = 0n;
  let recognisedTo = -1n;

  function advance(): bigint {
    const elapsed = clock.now() - genesisTimeMs;
    const bySlot = genesisSlot + BigInt(Math.max(0, Math.floor(elapsed / slotMs)));
    if (bySlot > current) current = bySlot;
    return current;
  }

  function blockhashAt(height: bigint): string {
    const digest = createHash('sha256')
      .update(seed)
      .update('blockhash')
      .update(new Uint8Array(getU64Encoder().encode(height)))
      .digest();
    return getBase58Decoder().decode(digest);
  }

  function refreshRecognised(top: bigint): void {
    const low = larger(top - RECOGNISED_BLOCKHASHES, genesisHeight);
    if (low > recognisedTo) {
      recognised.clear();
      recognisedFrom = low;
      recognisedTo = low - 1n;
    }
    for (let h = recognisedTo + 1n; h <= top; h++) recognised.set(blockhashAt(h), h);
    for (let h = recognisedFrom; h < low; h++) recognised.delete(blockhashAt(h));
    recognisedFrom = low;
    recognisedTo = larger(top, recognisedTo);
  }

  return {
    advance,
    slot(commitment) {
      const processed = advance();
      const depth = commitment === 'processed' ? 0n : commitment === 'confirmed' ? 1n : FINALITY_DEPTH;
      return larger(processed - depth, genesisSlot);
    },
    blockHeightOf: (slot) => slot - BLOCK_HEIGHT_LAG,
    blockhashAt,
    issuedHeightOf(blockhash) {
      refreshRecognised(advance() - BLOCK_HEIGHT_LAG);
      return recognised.get(blockhash);
    },
    unixTimestamp: () => BigInt(Math.floor(clock.now() / 1000)),
  };
}
