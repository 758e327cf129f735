import { chainFaceOf } from '../../chain/chain-choice.ts';
import type { ChainConfig } from '../../config.ts';
import type { SignInChainId } from './sign-in-service.ts';

/** The SIWS Chain ID for the chain the server talks to, so a wallet shows the player which network this is. */
export function signInChainIdFor(chain: ChainConfig): SignInChainId {
  switch (chainFaceOf(chain).cluster) {
    case 'devnet':
      return 'solana:devnet';
    case 'testnet':
      return 'solana:testnet';
    case 'mainnet-beta':
      return 'solana:mainnet';
    case 'localnet':
      return 'solana:localnet';
  }
}
