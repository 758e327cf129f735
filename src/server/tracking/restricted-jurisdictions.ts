import type { Database } from '../db/database.ts';
import type { JurisdictionCheck } from '../game/game-ports.ts';
import type { Logger } from '../logger.ts';
import { recordSystemEvent } from '../security/system-events.ts';

export const RESTRICTED_JURISDICTION_EVENT = 'restricted_jurisdiction_refused';

/** What the find-match path asks before a paid search (SPEC §1): the game layer's port, over the mmdb. */
export type JurisdictionGate = JurisdictionCheck;

export function createJurisdictionGate(deps: {
  db: Database;
  restrictedCountries: readonly string[];
  countryOf: (ip: string) => string | null;
  log: Logger;
}): JurisdictionGate {
  const restricted = new Set(deps.restrictedCountries);
  return {
    restrictedCountryOf(ip) {
      if (!ip || restricted.size === 0) return null;
      const country = deps.countryOf(ip);
      return country && restricted.has(country) ? country : null;
    },
    async refused({ walletAddress, ip, country, mode }) {
      await recordSystemEvent(deps.db, {
        severity: 'warning',
        eventType: RESTRICTED_JURISDICTION_EVENT,
        message: `Paid search in ${mode} refused for ${walletAddress ?? 'an unknown wallet'} from ${ip} (${country}): restricted jurisdiction`,
        details: { walletAddress, ipAddress: ip, country, mode },
      }).catch((error: unknown) => deps.log('recording a restricted-jurisdiction refusal failed', error));
    },
  };
}
