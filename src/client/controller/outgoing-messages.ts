import { lamportsToSol } from '../../common/format.ts';
import type { GameModeId } from '../../common/game-modes.ts';
import { UUID_EXACT } from '../../common/held-schema.ts';
import { BASE58_ADDRESS, type ClientMessage } from '../../common/protocol.ts';
import { BASE58_SIGNATURE, CHALLENGE_CODE } from '../../common/rules.ts';
import type { ChallengeRequest } from '../state/game-view.ts';
import type { WalletFacts } from './controller-options.ts';

/**
 * The client messages of SPEC §7 the provider sends, built from what it knows. A field the server would
 * refuse (an address that is not base58, a signature that is not) is left out rather than spoiling the
 * whole message.
 */

function walletField(wallet: WalletFacts): { walletAddress?: string } {
  const key = wallet.publicKey;
  return key && BASE58_ADDRESS.test(key) ? { walletAddress: key } : {};
}

/**
 * SPEC §7 connect; with a search on screen, the search it believes the server holds (its id, its payment),
 * so the server's `held` says what became of exactly that one; and a match the player left while the server
 * could not be told (`leftGameId`), so it says what a stop did to it.
 */
export function connectMessage(
  wallet: WalletFacts,
  now: number,
  search: { searchId: string | null; paymentSignature: string | null } | null = null,
  leftGameId: string | null = null,
): ClientMessage {
  const searchId = search?.searchId && UUID_EXACT.test(search.searchId) ? search.searchId : null;
  const signature =
    search?.paymentSignature && BASE58_SIGNATURE.test(search.paymentSignature)
      ? search.paymentSignature
      : null;
  const gameId = leftGameId && UUID_EXACT.test(leftGameId) ? leftGameId : null;
  const holding =
    searchId || signature || gameId
      ? {
          holding: {
            ...(searchId ? { searchId } : {}),
            ...(signature ? { paymentSignature: signature } : {}),
            ...(gameId ? { gameId } : {}),
          },
        }
      : {};
  return { type: 'connect', ...walletField(wallet), timestamp: now, ...holding };
}

export function reconnectMessage(gameId: string, wallet: WalletFacts, now: number): ClientMessage {
  return { type: 'reconnect', gameId, ...walletField(wallet), timestamp: now };
}

/** SPEC §7 findMatch: mode, wallet, balance (SOL, as SPEC shows it), time and the cleaned signature. */
export function findMatchMessage(
  mode: GameModeId,
  paymentSignature: string | null,
  wallet: WalletFacts,
  now: number,
  challenge: ChallengeRequest | null = null,
): ClientMessage {
  // The payment's SPEC §5 cleaning ran before; this only guards the message's shape.
  const signature = paymentSignature && BASE58_SIGNATURE.test(paymentSignature) ? paymentSignature : null;
  const balance = wallet.balanceLamports;
  return {
    type: 'findMatch',
    gameMode: mode,
    ...walletField(wallet),
    ...(balance !== null && balance >= 0n ? { balance: lamportsToSol(balance) } : {}),
    timestamp: now,
    ...(signature ? { paymentSignature: signature } : {}),
    ...(typeof challenge === 'object' && challenge !== null
      ? { rematch: challenge.rematch }
      : challenge === 'new' || (challenge && CHALLENGE_CODE.test(challenge))
        ? { challenge }
        : {}),
  };
}

/** SPEC §7 cancelSearch: for a paid search, its payment signature. */
export function cancelSearchMessage(paymentSignature: string | null, now: number): ClientMessage {
  return { type: 'cancelSearch', ...(paymentSignature ? { paymentSignature } : {}), timestamp: now };
}
