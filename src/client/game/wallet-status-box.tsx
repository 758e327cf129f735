import { formatSolFixed, lamportsToSol } from '../../common/format.ts';

/**
 * SPEC §2 under the game: the wallet status box, 'Connected' with the balance to 2 decimals in SOL, or
 * 'Disconnected'. Kept in game/ because no shared one exists in wallet/ yet.
 */
export function WalletStatusBox({
  connected,
  balanceLamports,
}: {
  connected: boolean;
  balanceLamports: bigint | null;
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
            {formatSolFixed(balanceLamports === null ? null : lamportsToSol(balanceLamports), 2)}
          </p>
        </>
      ) : (
        <p className="text-red-400">Disconnected</p>
      )}
    </section>
  );
}
