import TransactionHistoryPanel from '../history/transaction-history-panel.tsx';
import { chooseScreen } from '../screens/screen-rules.ts';
import { useGame } from '../state/game-api.ts';
import { useWallet } from '../wallet/wallet-api.ts';
import LimitsPanel from './limits-panel.tsx';

/**
 * What the home page shows under its screens once a wallet is connected, as one chunk loaded then: the Limits
 * panel (in the lobby, for a signed-in wallet) above the transaction history. One chunk, so the first visit
 * carries no second lazy import (its budget is 120 KB gzip).
 */
export default function LimitsAndHistory() {
  const wallet = useWallet();
  const { view } = useGame();
  return (
    <>
      {wallet.signedIn && chooseScreen(view) === 'start' && (
        <div className="-mt-2 mb-4">
          <LimitsPanel />
        </div>
      )}
      <TransactionHistoryPanel />
    </>
  );
}
