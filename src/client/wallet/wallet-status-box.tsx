import { WalletStatusBox as StatusBoxView } from '../game/wallet-status-box.tsx';
import { useWallet } from './wallet-api.ts';

/** SPEC §2 wallet status box fed by the wallet: 'Connected' with the balance to 2 decimals, or 'Disconnected'. */
export function WalletStatusBox() {
  const wallet = useWallet();
  return <StatusBoxView connected={wallet.status === 'connected'} balanceLamports={wallet.balanceLamports} />;
}
