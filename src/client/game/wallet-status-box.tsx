import { BalanceAmount } from '../wallet/balance-amount.tsx';

/**
 * SPEC §2 under the game: the wallet status box, 'Connected' with the balance to 2 decimals in SOL (the last
 * known one marked stale after a failed refresh), or 'Disconnected'.
 */
export function WalletStatusBox({
  connected,
  balanceLamports,
  balanceStale = false,
}: {
  connected: boolean;
  balanceLamports: bigint | null;
  balanceStale?: boolean;
}) {
  return (
    <section
      aria-label="Wallet status"
      // One line, as tall as the toggles beside it, so the row under the game stays one row on a laptop.
      className="flex items-center gap-2 whitespace-nowrap rounded border border-slate-700 bg-slate-950/80 px-3 py-2 text-xs"
    >
      <p className="text-slate-400 tracking-widest">WALLET</p>
      {connected ? (
        <>
          <p className="text-green-400">Connected</p>
          <p className="text-yellow-300">
            <BalanceAmount
              lamports={balanceLamports}
              stale={balanceStale}
              decimals={2}
              testId="wallet-box-balance"
            />
          </p>
        </>
      ) : (
        <p className="text-red-400">Disconnected</p>
      )}
    </section>
  );
}
