import type { WalletConfigAnswer } from '../../common/api/player-api.ts';

/** GET /api/wallet-config (SPEC §7): where wagers go and which chain the server runs. */
export type WalletConfig = WalletConfigAnswer;

/**
 * Read at start. A server without `cluster` yet is the local chain (the default of `npm start`). SPEC §7's
 * "built-in fallback house address" is deliberately absent: this product's house wallet differs per
 * deployment, so a fixed address would send players' wagers where the server never looks; a payment
 * without a configuration is refused instead (pay-entry asks again first).
 */
export async function fetchWalletConfig(fetchImpl: typeof fetch = fetch): Promise<WalletConfig> {
  const res = await fetchImpl('/api/wallet-config', { credentials: 'include' });
  if (!res.ok) throw new Error(`Failed to load the wallet configuration (${res.status})`);
  // houseWallet is the one field a reader cannot do without (a missing or unknown cluster is the local chain).
  const body: unknown = await res.json();
  // The schema (and zod with it) loads when the answer is read: the first page stays within its budget.
  const { walletConfigReadSchema } = await import('../../common/api/player-api.ts');
  const config = walletConfigReadSchema.safeParse(body);
  if (!config.success) throw new Error('The wallet configuration names no house wallet');
  return config.data;
}
