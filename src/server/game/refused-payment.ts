import type { Clock } from '../../common/clock.ts';
import { getGameMode } from '../../common/game-modes.ts';
import { ERROR_MESSAGES } from '../../common/protocol.ts';
import type { Database } from '../db/database.ts';
import type { EntryVerifier, GameMessage, GameMoney, PlayerLink } from './game-ports.ts';

/**
 * A search refused before its payment was looked at (banned, already searching: SPEC §5 puts those first)
 * may still carry real money. If it verifies, it is recorded and refunded in full, so a refusal never keeps
 * a player's SOL.
 */
export async function refundRefusedPayment(
  deps: {
    db: Database;
    clock: Clock;
    log: (message: string) => void;
    verifier: EntryVerifier | undefined;
    money: GameMoney | undefined;
  },
  link: PlayerLink,
  message: Extract<GameMessage, { type: 'findMatch' }>,
): Promise<void> {
  const { verifier, money } = deps;
  if (!verifier || !money || !link.walletAddress || !message.gameMode || !message.paymentSignature) return;
  const mode = getGameMode(message.gameMode);
  if (mode.wagerLamports === 0n) return;
  const verified = await verifier.verify({
    walletAddress: link.walletAddress,
    mode: mode.id,
    signature: message.paymentSignature,
    ip: link.ip,
  });
  if (!verified.ok) return;
  const entry = { walletAddress: link.walletAddress, mode: mode.id, paid: verified.paid };
  await deps.db.transaction((tx) => money.refundUnusedEntry(tx, entry, new Date(deps.clock.now())));
  deps.log(`a refused search's payment ${verified.paid.signature} is being refunded in full`);
}

/**
 * A search refused because the server is stopping: one that opened after the stop settled the searches
 * would stay open until the next start. The player is told, and a fee paid for it is refunded in full.
 */
export async function refuseWhileStopping(
  deps: Parameters<typeof refundRefusedPayment>[0],
  link: PlayerLink,
  message: Extract<GameMessage, { type: 'findMatch' }>,
): Promise<void> {
  link.sendError(ERROR_MESSAGES.serverStopping, 'server_stopping');
  await refundRefusedPayment(deps, link, message);
}
