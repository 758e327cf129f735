import { shortenAddress } from '../../common/format.ts';
import { Spinner } from '../ui/spinner.tsx';
import { BalanceAmount } from './balance-amount.tsx';
import { useWallet } from './wallet-api.ts';

/** The header's Connect / Disconnect wallet button (SPEC §2): a spinner while connecting, then the wallet. */
export function WalletButton({ onDisconnect }: { onDisconnect?: () => void } = {}) {
  const wallet = useWallet();
  if (wallet.status !== 'connected') {
    const connecting = wallet.status === 'connecting';
    return (
      <button
        type="button"
        data-testid="connect-wallet-button"
        disabled={connecting}
        aria-busy={connecting}
        onClick={() => wallet.connect()}
        className="inline-flex items-center gap-2 rounded border-2 border-green-400 bg-slate-950 px-4 py-2 font-bold font-retro text-green-300 text-sm hover:bg-green-400 hover:text-slate-950 disabled:opacity-70"
      >
        {connecting && <Spinner />}
        {connecting ? 'Connecting...' : 'Connect Wallet'}
      </button>
    );
  }
  return (
    <div
      className="flex flex-wrap items-center justify-center gap-2 font-retro text-xs sm:text-sm"
      data-testid="wallet-connected"
      data-signed-in={wallet.signedIn}
    >
      <span className="inline-flex flex-wrap items-center gap-2 rounded border border-cyan-400/50 bg-slate-950 px-3 py-2 text-cyan-200">
        {wallet.walletIcon && <img src={wallet.walletIcon} alt="" className="h-5 w-5 rounded" />}
        <span className="whitespace-nowrap">{wallet.walletName}</span>
        <span
          className="font-mono text-slate-300"
          data-testid="wallet-address"
          title={wallet.publicKey ?? ''}
        >
          {shortenAddress(wallet.publicKey)}
        </span>
        <span className="whitespace-nowrap text-yellow-300">
          <BalanceAmount
            lamports={wallet.balanceLamports}
            stale={wallet.balanceStale}
            decimals={3}
            testId="wallet-balance"
          />
        </span>
      </span>
      {!wallet.signedIn && wallet.signIn && (
        <button
          type="button"
          data-testid="sign-in-button"
          onClick={() => void wallet.signIn?.()}
          className="rounded border-2 border-yellow-400 px-3 py-2 font-bold text-yellow-300 hover:bg-yellow-400 hover:text-slate-950"
        >
          Sign In
        </button>
      )}
      <button
        type="button"
        data-testid="disconnect-wallet-button"
        onClick={() => (onDisconnect ? onDisconnect() : void wallet.disconnect())}
        className="rounded border-2 border-red-400 px-3 py-2 font-bold text-red-300 hover:bg-red-400 hover:text-slate-950"
      >
        Disconnect
      </button>
    </div>
  );
}
