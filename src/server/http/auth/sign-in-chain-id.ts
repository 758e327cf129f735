import type { ChainConfig } from '../../config.ts';
import type { SignInChainId } from './sign-in-service.ts';

/** The SIWS Chain ID for the chain the server talks to, so a wallet shows the player which network this is. */
export function signInChainIdFor(chain: ChainConfig): SignInChainId {
  if (chain.kind === 'local') return 'solana:localnet';
  switch (chain.cluster) {
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
