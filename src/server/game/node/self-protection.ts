import type { Clock } from '../../../common/clock.ts';
import type { EntryGate } from '../game-ports.ts';
import type { QueueEntry } from '../matchmaker.ts';
import type { createSearchExits } from './search-exits.ts';

export interface SelfProtectionDeps {
  gate: EntryGate;
  clock: Clock;
  exits: Pick<ReturnType<typeof createSearchExits>, 'selfProtected'>;
}

/**
 * A paid search this node holds (public, a challenge or a rematch offer) read against its wallet's own
 * protection as it stands now: a self-exclusion, or a loss limit its stake could pass, closes it at once with
 * its fee back in full (search-exits.ts `selfProtected`). True when the protection refuses it, whether this
 * call closed it or another had already; throws when the close could not be written.
 */
export async function closeIfProtectionRefuses(
  deps: SelfProtectionDeps,
  entry: QueueEntry,
): Promise<boolean> {
  if (!entry.paid) return false;
  const refusal = await deps.gate.openSearchRefusal(entry.player.walletAddress, entry.paid, deps.clock.now());
  if (!refusal) return false;
  await deps.exits.selfProtected(entry, refusal);
  return true;
}
