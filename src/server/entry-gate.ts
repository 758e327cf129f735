import type { Database } from './db/database.ts';
import type { EntryGate } from './game/game-ports.ts';
import { openSearchRefusal, paidSearchRefusal } from './limits/limits-view.ts';

/**
 * The game's entry gate (game-ports.ts) over the player's own protection as limits/ keeps it: composed here,
 * so the game reads no table of limits/.
 */
export function createEntryGate(deps: { db: Database }): EntryGate {
  const { db } = deps;
  return {
    paidSearchRefusal: (walletAddress, wagerLamports, now) =>
      paidSearchRefusal(db, walletAddress, wagerLamports, now),
    openSearchRefusal: (walletAddress, paid, now) => openSearchRefusal(db, walletAddress, paid, now),
  };
}
