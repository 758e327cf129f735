import type { LiveStats } from '../../../common/api/admin-views.ts';
import type { ChainRpc } from '../../chain/chain-rpc.ts';
import type { Bans } from '../../security/bans.ts';

export type { LiveStats };

/** Before the game channel exists (or in tests without one): nothing live. */
export const NO_LIVE_STATS: LiveStats = { matches: 0, playersOnline: 0, queues: [] };

/** The house wallet as the Overview tab shows it: its address, its floor, and how to read its balance. */
export interface HouseWalletSource {
  address: string;
  /** HOUSE_BALANCE_FLOOR_SOL in lamports. */
  floorLamports: bigint;
  /** The balance on chain in lamports; rejects when the chain cannot be read. */
  balance(): Promise<bigint>;
}

/** The services admin routes need beyond the database: bans, the live game, the house wallet. */
export interface AdminServices {
  /** Bans act through it, so live sockets and searches are told at once. */
  bans: Bans;
  live: () => LiveStats;
  house: HouseWalletSource;
}

/** How long the Overview waits for the chain before showing the balance as unknown. */
export const OVERVIEW_BALANCE_TIMEOUT_MS = 3_000;

/** The house balance read from the chain at 'confirmed', as the house balance floor check reads it. */
export function chainBalanceOf(rpc: ChainRpc, address: string): () => Promise<bigint> {
  return async () => {
    const { value } = await rpc
      .getBalance(address as Parameters<ChainRpc['getBalance']>[0], { commitment: 'confirmed' })
      .send({ abortSignal: AbortSignal.timeout(OVERVIEW_BALANCE_TIMEOUT_MS) });
    return value;
  };
}
