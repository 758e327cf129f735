import { useContext } from 'react';
import { type GameModeId, getGameMode } from '../../common/game-modes.ts';
import { MATCH_MONEY_TEXTS } from '../../common/match-money-texts.ts';
import { explorerLinks } from '../history/explorer-links.ts';
import type { MatchPayout } from '../state/game-view.ts';
import { WalletContext } from '../wallet/wallet-api.ts';

export interface MatchMoneyLine {
  text: string;
  won: boolean;
  /** The payout's transfer, once sent: linked on an explorer. */
  signature: string | null;
}

/**
 * What a finished match moved for this player, exact: the winner's payout as far as its notifications went
 * (on its way, sent, paid, held), the loser's entry fee; nothing for practice, nor when the mode is unknown
 * (a reload) and no payout was heard.
 */
export function matchMoneyLine(input: {
  won: boolean;
  gameMode: GameModeId | null;
  payout: MatchPayout | null;
}): MatchMoneyLine | null {
  const mode = input.gameMode ? getGameMode(input.gameMode) : null;
  if (input.won && input.payout) {
    const lamports = BigInt(input.payout.lamports);
    const { status, signature } = input.payout;
    return {
      won: true,
      text: MATCH_MONEY_TEXTS[status](lamports),
      signature: status === 'held' ? null : signature,
    };
  }
  if (!mode || mode.wagerLamports === 0n) return null;
  return input.won
    ? { won: true, text: MATCH_MONEY_TEXTS.onItsWay(mode.winLamports), signature: null }
    : { won: false, text: MATCH_MONEY_TEXTS.lost(mode.wagerLamports), signature: null };
}

/** The game over screen's money line, and the link to the payout's transfer (a lazy chunk of its own). */
export default function MatchMoney(props: Parameters<typeof matchMoneyLine>[0]) {
  // The chain the server runs on, for the explorer link; none known without the wallet's provider.
  const cluster = useContext(WalletContext)?.cluster ?? null;
  const line = matchMoneyLine(props);
  if (!line) return null;
  const link = explorerLinks(line.signature, cluster)[0];
  return (
    <div data-testid="match-money" className="mt-4 text-sm">
      <p className={`font-bold ${line.won ? 'text-green-300' : 'text-red-300'}`}>{line.text}</p>
      {link && (
        <a
          data-testid="payout-explorer-link"
          href={link.url}
          target="_blank"
          rel="noreferrer"
          className="mt-1 inline-block text-cyan-300 text-xs underline hover:text-cyan-200"
        >
          {MATCH_MONEY_TEXTS.viewPayout}
        </a>
      )}
    </div>
  );
}
