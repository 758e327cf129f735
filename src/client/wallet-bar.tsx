import { useState } from 'react';
import { ForfeitConfirm, isMatchLive, MATCH_BAR_TEXTS, prizeOf } from './game/match-bar.tsx';
import { useGame } from './state/game-api.ts';
import { LocalWalletPanel } from './wallet/local-wallet-panel.tsx';
import { useWallet } from './wallet/wallet-api.ts';
import { WalletButton } from './wallet/wallet-button.tsx';

/**
 * The wallet bar above the game page: the Local Wallet's panel and the wallet button. During a match the
 * wallet's Disconnect asks first, saying what it costs: it takes the player out of the match.
 */
export function WalletBar() {
  const wallet = useWallet();
  const { view } = useGame();
  const [askDisconnect, setAskDisconnect] = useState(false);
  const mode = isMatchLive(view.state) ? view.gameMode : null;
  return (
    <>
      <div className="mb-2 flex w-full max-w-4xl flex-wrap items-center justify-center gap-2 sm:justify-end sm:gap-3">
        <LocalWalletPanel />
        <WalletButton {...(mode ? { onDisconnect: () => setAskDisconnect(true) } : {})} />
      </div>
      {mode && askDisconnect && (
        <div className="mb-2 w-full max-w-md">
          <ForfeitConfirm
            title={MATCH_BAR_TEXTS.disconnectTitle}
            text={MATCH_BAR_TEXTS.disconnectForfeits(prizeOf(mode))}
            leaveLabel={MATCH_BAR_TEXTS.confirmDisconnect}
            onStay={() => setAskDisconnect(false)}
            onLeave={() => {
              setAskDisconnect(false);
              void wallet.disconnect();
            }}
          />
        </div>
      )}
    </>
  );
}
