import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getBase58Decoder, type KeyPairSigner } from '@solana/kit';
import { z } from 'zod';
import type { Clock } from '../../../common/clock.ts';
import { readOrCreateKeypairFile } from '../keypair-secret.ts';
import { writeFileAtomically } from './durable-file.ts';

/** Mainnet-like numbers, so code that prints or compares slots sees realistic magnitudes. */
const GENESIS_SLOT = 300_000_000n;
/** Half a billion SOL: the faucet never runs dry in practice. */
const FAUCET_LAMPORTS = 500_000_000n * 1_000_000_000n;

/** The fixed facts a chain folder is born with; every restart derives slots and blockhashes from them. */
export interface Genesis {
  /** 32 random bytes, base58; also the seed of every blockhash. */
  genesisHash: string;
  genesisTimeMs: number;
  genesisSlot: bigint;
  faucet: KeyPairSigner;
  faucetLamports: bigint;
}

const genesisFileSchema = z.object({
  version: z.literal(1),
  genesisHash: z.string().min(32),
  genesisTimeMs: z.number().int().nonnegative(),
  genesisSlot: z.string().regex(/^\d+$/),
  faucetAddress: z.string(),
  faucetLamports: z.string().regex(/^\d+$/),
});

/**
 * Opens the genesis of the chain kept in `dir`, creating it on first use. The faucet keypair is written
 * before genesis.json, so a genesis file never names a faucet whose secret was lost.
 */
export async function openGenesis(dir: string, clock: Clock): Promise<Genesis> {
  const genesisFile = path.join(dir, 'genesis.json');
  const { signer: faucet } = await readOrCreateKeypairFile(path.join(dir, 'faucet-keypair.json'));

  let text: string | undefined;
  try {
    text = await readFile(genesisFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text !== undefined) {
    const stored = genesisFileSchema.parse(JSON.parse(text));
    if (stored.faucetAddress !== faucet.address) {
      throw new Error(`local chain ${dir}: genesis.json names a faucet other than faucet-keypair.json`);
    }
    return {
      genesisHash: stored.genesisHash,
      genesisTimeMs: stored.genesisTimeMs,
      genesisSlot: BigInt(stored.genesisSlot),
      faucet,
      faucetLamports: BigInt(stored.faucetLamports),
    };
  }

  const genesis: Genesis = {
    genesisHash: getBase58Decoder().decode(randomBytes(32)),
    genesisTimeMs: clock.now(),
    genesisSlot: GENESIS_SLOT,
    faucet,
    faucetLamports: FAUCET_LAMPORTS,
  };
  const stored: z.infer<typeof genesisFileSchema> = {
    version: 1,
    genesisHash: genesis.genesisHash,
    genesisTimeMs: genesis.genesisTimeMs,
    genesisSlot: genesis.genesisSlot.toString(),
    faucetAddress: faucet.address,
    faucetLamports: genesis.faucetLamports.toString(),
  };
  await writeFileAtomically(genesisFile, [JSON.stringify(stored, null, 2)], 0o644);
  return genesis;
}
