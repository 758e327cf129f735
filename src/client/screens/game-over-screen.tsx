import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { countOf } from '../../common/format.ts';
import { SHOWN_MATCH_TEXTS as MATCH_TEXTS } from '../../common/protocol-texts.ts';
import { GAME_OVER_RETURN_SECONDS } from '../../common/rules.ts';
import { RematchControl } from '../rematch/rematch-control.tsx';
import { useGame } from '../state/game-api.ts';
import { VerifyMatchButton } from '../verify/verify-match-button.tsx';
import { ConnectionLostPanel } from './connection-lost.tsx';
import { useCountdown, useSecondsUntil } from './use-seconds.ts';

/** What the match paid, with the payout's explorer link: its own chunk, the first page stays in budget. */
const MatchMoney = lazy(() => import('./match-money.tsx'));

export const GAME_OVER_TEXTS = {
  title: 'GAME OVER',
  win: 'YOU WIN',
  lose: 'YOU LOSE',
  opponentLeft: MATCH_TEXTS.opponentLeft,
  mainMenu: 'MAIN MENU',
  returning: (seconds: number) => `Returning to main menu in ${countOf(seconds, 'second')}...`,
  /** Once the player asks to verify, the screen waits for them instead of counting down. */
  staying: 'Take your time: MAIN MENU returns when you are done.',
} as const;

/**
 * SPEC §2 "Game over screen": the result and both scores, a 10 s return to the main menu (while the opponent's
 * rematch offer is open, to the offer's deadline, the same time left the offerer sees), MAIN MENU
 * (exits and goes to the site root), the opponent-left text, and the lost-connection variant. 'Verify' checks
 * the match in this browser; pressing it stops the return, so the verdict stays until the player leaves.
 * A paid match also says what it paid, exactly, and links the payout's transfer once sent (match-money.tsx).
 */
export function GameOverScreen() {
  const { view, exit, returnToMenu } = useGame();
  const [, navigate] = useLocation();
  const over = view.gameOver;
  const mine = view.playerIndex ?? 0;
  const scores = over?.scores ?? view.data.scores;
  const won = over ? over.outcome === 'win' : view.data.winner === mine;
  const toMenu = () => {
    exit();
    navigate('/');
  };
  const [staying, setStaying] = useState(false);
  const backToMenu = () => {
    returnToMenu();
    navigate('/');
  };
  // The opponent's rematch offer is open until the server's deadline: the return waits for it, counting down
  // to the moment the offerer's screen shows, instead of leaving (and declining it) after SPEC's 10 s.
  const offerClosesAt =
    view.rematchOffer === 'offered' && !staying ? (view.rematchOfferClosesAt ?? null) : null;
  // Counted from when this page saw the match end, so a reload goes on where it was rather than from 10.
  const tenSeconds = useCountdown(
    GAME_OVER_RETURN_SECONDS,
    staying || offerClosesAt !== null ? null : (view.gameId ?? 'game'),
    backToMenu,
    view.gameOverAt ?? null,
  );
  const offerLeft = useSecondsUntil(offerClosesAt, backToMenu);
  const left = offerClosesAt !== null ? offerLeft : tenSeconds;
  return (
    <section
      aria-label="Game over"
      className="mt-6 w-full max-w-lg rounded-lg border-2 border-cyan-400/60 bg-slate-950/90 p-6 text-center font-retro shadow-lg shadow-cyan-500/20"
    >
      <h2 className="font-bold text-3xl text-cyan-300 tracking-[0.3em]">{GAME_OVER_TEXTS.title}</h2>
      <p className={`mt-4 font-bold text-2xl tracking-widest ${won ? 'text-green-300' : 'text-red-400'}`}>
        {won ? GAME_OVER_TEXTS.win : GAME_OVER_TEXTS.lose}
      </p>
      <dl className="mt-5 flex justify-center gap-8 text-sm">
        <div>
          <dt className="text-slate-400 text-xs">YOU</dt>
          <dd data-testid="own-score" className="font-bold text-3xl text-slate-100">
            {scores[mine]}
          </dd>
        </div>
        <div>
          <dt className="text-slate-400 text-xs">OPPONENT</dt>
          <dd data-testid="opponent-score" className="font-bold text-3xl text-slate-100">
            {scores[mine === 0 ? 1 : 0]}
          </dd>
        </div>
      </dl>
      {over?.opponentDisconnected && won && (
        <p className="mt-4 text-green-200 text-sm">{GAME_OVER_TEXTS.opponentLeft}</p>
      )}
      <Suspense fallback={null}>
        <MatchMoney
          won={won}
          gameMode={view.gameMode}
          payout={view.matchPayout?.gameId === view.gameId ? view.matchPayout : null}
        />
      </Suspense>
      {view.isDisconnected ? (
        <ConnectionLostPanel
          where="gameOver"
          onReturn={() => {
            returnToMenu();
            navigate('/');
          }}
        />
      ) : (
        <>
          <p aria-live="polite" className="mt-5 text-slate-300 text-xs">
            {staying ? GAME_OVER_TEXTS.staying : GAME_OVER_TEXTS.returning(left)}
          </p>
          <button
            type="button"
            onClick={toMenu}
            className="mt-4 rounded bg-cyan-400 px-8 py-2 font-bold text-slate-950 text-sm tracking-widest hover:bg-cyan-300"
          >
            {GAME_OVER_TEXTS.mainMenu}
          </button>
          <RematchControl
            onAsk={() => setStaying(true)}
            offerTimeLeft={offerClosesAt !== null ? offerLeft : null}
          />
          {view.gameId && (
            <div className="mt-4">
              <VerifyMatchButton
                gameId={view.gameId}
                announcedHash={view.seedHash ?? null}
                onStart={() => setStaying(true)}
              />
            </div>
          )}
        </>
      )}
    </section>
  );
}
