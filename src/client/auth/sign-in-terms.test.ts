import { SolanaSignMessage } from '@solana/wallet-standard-features';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '../../common/protocol.ts';
import { TERMS_LAST_UPDATED } from '../site.ts';
import { signInWithWallet } from './sign-in.ts';

const ADDRESS = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

/** The sign-in carries the terms version the player accepted, for the server to record. */
describe('the accepted terms version goes with the sign-in', () => {
  it('POST /api/auth/verify names TERMS_VERSION (the terms dialog runs before connecting)', async () => {
    const account = {
      address: ADDRESS,
      publicKey: new Uint8Array(32),
      chains: [],
      features: [],
    } as WalletAccount;
    const wallet = {
      features: {
        [SolanaSignMessage]: {
          version: '1.1.0',
          signMessage: async ({ message }: { message: Uint8Array }) => [
            { signedMessage: message, signature: new Uint8Array(64) },
          ],
        },
      },
    } as unknown as Wallet;
    const posted: Array<{ path: string; body: Record<string, unknown> }> = [];
    const fetch = (async (url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      posted.push({ path: new URL(url).pathname, body });
      const answer = url.endsWith('/challenge')
        ? {
            input: {
              domain: 'pong.test',
              address: ADDRESS,
              nonce: 'abcdefgh',
              issuedAt: new Date().toISOString(),
            },
          }
        : { walletAddress: ADDRESS };
      return new Response(JSON.stringify(answer), { status: 200 });
    }) as typeof globalThis.fetch;

    await signInWithWallet(wallet, account, { fetch, baseUrl: 'http://pong.test' });

    expect(posted.map((p) => p.path)).toEqual(['/api/auth/challenge', '/api/auth/verify']);
    expect(posted[1]?.body).toMatchObject({ walletAddress: ADDRESS, termsVersion: TERMS_VERSION });
  });

  it("TERMS_VERSION is the date the terms dialog shows as 'Last Updated' (SPEC §2), so the two move together", () => {
    const shown = new Date(`${TERMS_LAST_UPDATED} 00:00:00 UTC`);
    expect(shown.toISOString().slice(0, 10)).toBe(TERMS_VERSION);
  });
});
