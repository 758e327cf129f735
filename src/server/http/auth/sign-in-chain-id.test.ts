import { describe, expect, it } from 'vitest';
import type { ChainConfig } from '../../config.ts';
import { signInChainIdFor } from './sign-in-chain-id.ts';

const remote = (cluster: 'devnet' | 'testnet' | 'mainnet-beta'): ChainConfig => ({
  kind: 'remote',
  rpcUrl: 'https://rpc.example',
  publicRpcUrl: 'https://rpc.example',
  cluster,
  houseWalletKeypair: '/nonexistent',
});

describe('the sign-in message names the chain the server uses', () => {
  it.each([
    ['the embedded local chain', { kind: 'local' } as ChainConfig, 'solana:localnet'],
    ['devnet', remote('devnet'), 'solana:devnet'],
    ['testnet', remote('testnet'), 'solana:testnet'],
    ['mainnet-beta', remote('mainnet-beta'), 'solana:mainnet'],
  ])('%s → %s', (_name, chain, expected) => {
    expect(signInChainIdFor(chain)).toBe(expected);
  });
});
