import type { Database } from './db/database.ts';
import type { EntryGate, JurisdictionCheck } from './game/game-ports.ts';
import { openSearchRefusal, paidSearchRefusal } from './limits/limits-view.ts';
import { BAN_MESSAGES, type Bans } from './security/bans.ts';

/**
 * The game's entry gate (game-ports.ts), composed from the bans (security/), the restricted jurisdictions
 * (tracking/; none configured, none refused) and the player's own protection (limits/), so the game imports
 * none of them. A ban's text is its own, or the account's when it names none.
 */
export function createEntryGate(deps: {
  db: Database;
  bans: Pick<Bans, 'status'>;
  jurisdiction?: JurisdictionCheck | undefined;
}): EntryGate {
  const { db, bans, jurisdiction } = deps;
  return {
    async banRefusal(walletAddress, ip) {
      const ban = await bans.status(walletAddress, ip);
      return ban.banned ? (ban.message ?? BAN_MESSAGES.account) : null;
    },
    restrictedCountryOf: (ip) => jurisdiction?.restrictedCountryOf(ip) ?? null,
    jurisdictionRefused: async (refusal) => {
      await jurisdiction?.refused(refusal);
    },
    paidSearchRefusal: (walletAddress, wagerLamports, now) =>
      paidSearchRefusal(db, walletAddress, wagerLamports, now),
    openSearchRefusal: (walletAddress, paid, now) => openSearchRefusal(db, walletAddress, paid, now),
  };
}
