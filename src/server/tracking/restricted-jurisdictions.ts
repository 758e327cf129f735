import type { JurisdictionCheck } from '../game/game-ports.ts';
import type { Logger } from '../logger.ts';
import type { RepeatedEvents } from '../operations-log/repeated-events.ts';

export const RESTRICTED_JURISDICTION_EVENT = 'restricted_jurisdiction_refused';

/** What the find-match path asks before a paid search (SPEC §1): the game layer's port, over the mmdb. */
export type JurisdictionGate = JurisdictionCheck;

/**
 * A refused paid search is a warning event, one per wallet (or address) per window with its count
 * (RELIABILITY 39): a player pressing "play" from a restricted country a hundred times is one row.
 */
export function createJurisdictionGate(deps: {
  events: RepeatedEvents;
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
      await deps.events
        .record({
          severity: 'warning',
          eventType: RESTRICTED_JURISDICTION_EVENT,
          walletAddress,
          ip,
          message: ({ count, firstAt }) =>
            `Paid search in ${mode} refused for ${walletAddress ?? 'an unknown wallet'} from ${ip} (${country}): restricted jurisdiction` +
            (count > 1 ? ` (${count} times since ${firstAt})` : ''),
          details: { walletAddress, ipAddress: ip, country, mode },
        })
        .catch((error: unknown) => deps.log('recording a restricted-jurisdiction refusal failed', error));
    },
  };
}
