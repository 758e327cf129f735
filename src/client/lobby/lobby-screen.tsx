/**
 * The home screen's lobby (SPEC §2 "Lobby / mode selection"). Until the wallet work lands no wallet can be
 * connected, so it shows the no-wallet state only: no mode cards, just the prompt to connect.
 */
export function LobbyScreen() {
  return (
    <section aria-labelledby="lobby-title" className="mt-6 w-full max-w-2xl text-center font-retro">
      <h2 id="lobby-title" className="font-bold text-2xl text-yellow-300 tracking-widest">
        CHOOSE YOUR GAME MODE
      </h2>
      <div className="mt-8 rounded-lg border-2 border-cyan-400/50 bg-slate-950/80 p-8 shadow-lg shadow-cyan-500/10">
        <p className="font-bold text-cyan-200 text-lg">Connect your Solana wallet</p>
        <p className="mt-3 text-slate-400 text-sm">
          All game modes, including Practice, require a connected wallet.
        </p>
      </div>
    </section>
  );
}
