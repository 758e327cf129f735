import type { Clock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import { termsAcceptances } from '../db/schema/index.ts';
import type { Tracker } from './tracker.ts';

/**
 * What a wallet's sign-in leaves behind: its address and wallet are seen together,
 * and the terms version it accepted is written with when and from where. The acceptance is awaited: the
 * sign-in fails rather than start a session whose acceptance was not recorded.
 */
export function createSignInRecorder(deps: { db: Database; clock: Clock; tracker: Tracker }) {
  return async (signedIn: {
    walletAddress: string;
    ip: string;
    termsVersion: string | null;
  }): Promise<void> => {
    deps.tracker.requestSeen(signedIn.ip, signedIn.walletAddress);
    if (!signedIn.termsVersion) return;
    await deps.db.insert(termsAcceptances).values({
      acceptedAt: new Date(deps.clock.now()),
      walletAddress: signedIn.walletAddress,
      ipAddress: signedIn.ip,
      termsVersion: signedIn.termsVersion,
    });
  };
}
