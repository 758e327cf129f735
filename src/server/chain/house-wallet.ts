import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Address, KeyPairSigner } from '@solana/kit';
import { LAMPORTS_PER_SOL } from '../../common/format.ts';
import {
  decodeSecretText,
  KeypairSecretError,
  readKeypairFile,
  readOrCreateKeypairFile,
  SECRET_FORMATS,
  signerFromSecretBytes,
} from './keypair-secret.ts';

/** Below this the local house wallet is topped up, so payouts never fail for want of play money. */
export const LOCAL_HOUSE_MINIMUM_BALANCE = 1_000n * LAMPORTS_PER_SOL;

/** What the house wallet needs from the embedded chain: a balance and an airdrop that has landed on return. */
export interface HouseWalletFaucet {
  getBalance(address: Address): bigint;
  requestAirdrop(address: Address, lamports: bigint): Promise<string>;
}

export type LoadHouseWalletOptions =
  | {
      chain: 'remote';
      /** HOUSE_WALLET_KEYPAIR: a JSON byte array, a base58 secret, or a path to a file holding either. */
      secret: string;
    }
  | {
      chain: 'local';
      /** The generated keypair is kept at `<dataDir>/house-wallet.json`. */
      dataDir: string;
      faucet: HouseWalletFaucet;
      /** An operator's fixed keypair, used instead of the generated one. */
      secret?: string;
      minimumBalance?: bigint;
    };

/**
 * The house wallet as a Kit signer. The secret never leaves the signer: it is not logged, returned or put
 * in an error message.
 */
export async function loadHouseWallet(options: LoadHouseWalletOptions): Promise<KeyPairSigner> {
  if (options.chain === 'remote') return parseHouseWalletSecret(options.secret);

  let signer: KeyPairSigner;
  if (options.secret !== undefined) {
    signer = await parseHouseWalletSecret(options.secret);
  } else {
    await mkdir(options.dataDir, { recursive: true });
    signer = (await readOrCreateKeypairFile(path.join(options.dataDir, 'house-wallet.json'))).signer;
  }
  const minimum = options.minimumBalance ?? LOCAL_HOUSE_MINIMUM_BALANCE;
  const balance = options.faucet.getBalance(signer.address);
  if (balance < minimum) {
    // Top up well past the threshold so a busy day does not trigger an airdrop per payout.
    await options.faucet.requestAirdrop(signer.address, minimum * 10n - balance);
  }
  return signer;
}

/** Accepts a JSON byte array, a base58 secret, or the path of a file holding either. */
export async function parseHouseWalletSecret(value: string): Promise<KeyPairSigner> {
  const prefix = 'HOUSE_WALLET_KEYPAIR is not usable:';
  try {
    const bytes = decodeSecretText(value);
    if (bytes) return await signerFromSecretBytes(bytes);
    return await readKeypairFile(value.trim(), { fixMode: false });
  } catch (error) {
    if (error instanceof KeypairSecretError) throw new KeypairSecretError(`${prefix} ${error.message}`);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR' || code === 'ENAMETOOLONG') {
      throw new KeypairSecretError(
        `${prefix} it is not a readable keypair file or secret; expected ${SECRET_FORMATS}`,
      );
    }
    if (code === 'EACCES')
      throw new KeypairSecretError(`${prefix} the keypair file cannot be read (permission denied)`);
    throw new KeypairSecretError(`${prefix} expected ${SECRET_FORMATS}`);
  }
}
