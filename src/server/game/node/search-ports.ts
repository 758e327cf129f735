import type { Clock } from '../../../common/clock.ts';
import type { GameModeId } from '../../../common/game-modes.ts';
import type { ErrorCode } from '../../../common/protocol.ts';
import type { Logger } from '../../logger.ts';
import type { EntryGate, EntryVerifier, GameMessage, GameMoney, PlayerLink } from '../game-ports.ts';
import type { Matchmaker, PaidEntry, QueuePlayer } from '../matchmaker.ts';
import type { GameStore } from '../store/game-store.ts';
import type { createMatchStarter } from './match-start.ts';
import { refundUnstartedEntry, refuseSearch, sendRefusal } from './refused-payment.ts';
import type { Rematches } from './rematches.ts';
import type { SearchExits } from './search-exits.ts';

export type FindMatchMessage = Extract<GameMessage, { type: 'findMatch' }>;

/** A link the wallet check passed: a signed-in player's. */
export type WalletLink = PlayerLink & { walletAddress: string };

/** Who searches, with what entry, in which mode, once every check before the queue has passed. */
export interface Searcher {
  player: QueuePlayer;
  paid: PaidEntry | null;
  mode: GameModeId;
}

/** What a search (a findMatch: public, a challenge opened or accepted, a rematch) asks of the node's others. */
export interface SearchPorts {
  store: GameStore;
  gate: EntryGate;
  clock: Clock;
  matchmaker: Matchmaker;
  exits: SearchExits;
  startMatch: (mode: GameModeId) => Promise<void>;
  /** Accepts a challenge: both matched and the match started at once (match-start.ts). */
  startChallenge: ReturnType<typeof createMatchStarter>['startChallenge'];
  /** How long a challenge waits for its friend before it closes with its fee back in full. */
  challengeExpiryMs: number;
  /** This node's matches just over, for a rematch of theirs. */
  rematches: Rematches;
  queueChanged: () => void;
  log: Logger;
  /** Whether the wallet plays in a match under way on another node (the topology's peers). */
  playingElsewhere: (walletAddress: string) => Promise<boolean>;
  /** Whether the node named on a challenge's row still beats (a lost node's challenger is not there). */
  nodeLive: (nodeId: string) => Promise<boolean>;
  /** Asks every node to read the wallet's protection again (the bus), for a search another node holds. */
  recheckProtectionEverywhere: (walletAddress: string) => void;
  /** Paid modes are open only with a verifier. */
  verifier: EntryVerifier | undefined;
  money: GameMoney | undefined;
}

/** A refusal before the payment was verified: a payment sent with it is settled (refused-payment.ts). */
export function refuse(
  ports: SearchPorts,
  link: PlayerLink,
  message: FindMatchMessage,
  refusal: { message: string; code: ErrorCode },
): Promise<void> {
  const { store, clock, log, verifier, money } = ports;
  return refuseSearch({ store, clock, log, verifier, money }, link, message, refusal);
}

/** A refusal after the payment was verified: a paid entry is refunded in full, and the answer says so. */
export async function refuseWithRefund(
  ports: SearchPorts,
  link: WalletLink,
  searcher: { paid: PaidEntry | null; mode: GameModeId },
  refusal: { message: string; code: ErrorCode },
): Promise<void> {
  const { store, clock, log, money } = ports;
  if (!searcher.paid || !money) return sendRefusal(link, refusal);
  const entry = { walletAddress: link.walletAddress, mode: searcher.mode, paid: searcher.paid };
  sendRefusal(link, await refundUnstartedEntry({ store, clock, log, money }, entry, refusal));
}
