/** SPEC §2's 'Connection Lost' panels (countdown, game, game over): the title, why, and RETURN TO MENU. */
export const CONNECTION_LOST_TEXTS = {
  title: 'Connection Lost',
  countdown: 'The connection to the game server was lost. Game cannot start.',
  game: 'The connection to the game server was lost. Game cannot continue.',
  gameOver: 'The connection to the game server was lost. Your game results may not be saved.',
  button: 'RETURN TO MENU',
} as const;

export function ConnectionLostPanel({
  where,
  onReturn,
}: {
  where: 'countdown' | 'game' | 'gameOver';
  onReturn(): void;
}) {
  return (
    <div
      role="alert"
      className="mx-auto mt-6 w-full max-w-md rounded-lg border-2 border-red-500/70 bg-slate-950/90 p-6 text-center font-retro"
    >
      <h3 className="font-bold text-red-400 text-xl tracking-widest">{CONNECTION_LOST_TEXTS.title}</h3>
      <p className="mt-3 text-slate-300 text-sm leading-relaxed">{CONNECTION_LOST_TEXTS[where]}</p>
      <button
        type="button"
        onClick={onReturn}
        className="mt-5 rounded bg-red-500 px-6 py-2 font-bold text-slate-950 text-sm tracking-widest hover:bg-red-400"
      >
        {CONNECTION_LOST_TEXTS.button}
      </button>
    </div>
  );
}
