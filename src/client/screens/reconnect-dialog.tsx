import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef } from 'react';
import { useGame } from '../state/game-api.ts';
import { shortGameId } from './screen-rules.ts';
import { WindowBar } from './window-bar.tsx';

export const RECONNECT_TEXTS = {
  interrupted: 'Connection Interrupted',
  lost: 'Connection Lost',
  message: 'You were disconnected from your game',
  reconnect: 'Reconnect Now',
  reconnecting: 'Reconnecting...',
  exit: 'Exit to Main Menu',
  returnToMenu: 'Return to Main Menu',
} as const;

/** SPEC §4/§9: the dialog tries to reconnect by itself 1 s after it opens. */
export const AUTO_RECONNECT_MS = 1_000;

/** The dialog shows while this player's own connection to a game that is not over is down. */
export function reconnectDialogOpen(view: ReturnType<typeof useGame>['view']): boolean {
  return view.isDisconnected && view.gameId !== null && view.gameOver === null && view.state !== 'gameOver';
}

/**
 * SPEC §2 "Reconnect dialog": 'Connection Interrupted' while the game can be rejoined, 'Connection Lost' once
 * it cannot; the game id's first 8 characters; a bar for the reconnection window; 'Reconnect Now'
 * ('Reconnecting...' while it tries) and 'Exit to Main Menu' (or 'Return to Main Menu').
 */
export function ReconnectDialog() {
  const { view, reconnectNow, returnToMenu } = useGame();
  const open = reconnectDialogOpen(view);
  const canReconnect = view.canReconnect;

  // Once per opening: the attempt's own changes to the view must not schedule another, so the effect
  // depends on `open` alone and reads the rest when the second has passed.
  const latest = useRef({ canReconnect, reconnectNow });
  latest.current = { canReconnect, reconnectNow };
  useEffect(() => {
    if (!open) return;
    const id = setTimeout(() => {
      if (latest.current.canReconnect) latest.current.reconnectNow();
    }, AUTO_RECONNECT_MS);
    return () => clearTimeout(id);
  }, [open]);

  const left = Math.max(0, view.reconnectionTimeLeft ?? 0);
  const reconnecting = view.reconnecting === true;
  return (
    <Dialog.Root open={open}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/75" />
        <Dialog.Content
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border-2 border-yellow-300/70 bg-slate-950 p-6 text-center font-retro text-slate-200 shadow-xl shadow-yellow-500/20"
        >
          <Dialog.Title
            className={`font-bold text-xl tracking-widest ${canReconnect ? 'text-yellow-300' : 'text-red-400'}`}
          >
            {canReconnect ? RECONNECT_TEXTS.interrupted : RECONNECT_TEXTS.lost}
          </Dialog.Title>
          <Dialog.Description className="mt-3 text-sm">{RECONNECT_TEXTS.message}</Dialog.Description>
          <p className="mt-2 text-slate-400 text-xs">
            Game ID: <span className="text-cyan-300">{shortGameId(view.gameId)}</span>
          </p>
          {view.lastError && <p className="mt-2 text-red-300 text-xs">{view.lastError}</p>}
          {canReconnect && (
            <>
              <WindowBar label="Reconnection window" secondsLeft={left} color="bg-yellow-300" />
              <p className="mt-1 text-slate-400 text-xs">{left}s</p>
            </>
          )}
          <div className="mt-5 flex flex-wrap justify-center gap-3">
            {canReconnect && (
              <button
                type="button"
                onClick={reconnectNow}
                disabled={reconnecting}
                className="rounded bg-green-500 px-4 py-2 font-bold text-slate-950 text-xs tracking-wider hover:bg-green-400 disabled:opacity-60"
              >
                {reconnecting ? RECONNECT_TEXTS.reconnecting : RECONNECT_TEXTS.reconnect}
              </button>
            )}
            <button
              type="button"
              onClick={returnToMenu}
              className="rounded border border-slate-500 px-4 py-2 text-slate-200 text-xs tracking-wider hover:border-slate-300"
            >
              {canReconnect ? RECONNECT_TEXTS.exit : RECONNECT_TEXTS.returnToMenu}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
