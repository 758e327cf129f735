import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { GAME_MODES, type GameModeId, getGameMode } from '../../common/game-modes.ts';
import { useGame } from '../state/game-api.ts';
import { Spinner } from '../ui/spinner.tsx';
import { BalanceAmount } from '../wallet/balance-amount.tsx';
import { useWallet } from '../wallet/wallet-api.ts';
import {
  canAfford,
  isChallengeAcceptDisabled,
  isFindMatchDisabled,
  isModeSelectable,
  type LobbyFacts,
  paidPlayClosedReason,
} from './find-match-rules.ts';
import { ModeCard } from './mode-card.tsx';
import { PaymentStatusBox } from './payment-status-box.tsx';
import { PaidPlayRestrictedNotice, RestrictedBanner } from './restricted-banner.tsx';
import { SearchingPanel } from './searching-panel.tsx';
import { useFindMatch } from './use-find-match.ts';
import { usePaidPlayClosures } from './use-paid-play-closures.ts';
import { useRestriction } from './use-restriction.ts';

// A challenge's page is a chunk of its own: a visit without a challenge link never loads it.
const ChallengeInvite = lazy(() =>
  import('../challenge/challenge-invite.tsx').then((m) => ({ default: m.ChallengeInvite })),
);

/**
 * The home screen's lobby (SPEC §2 "Lobby / mode selection"): the five modes, the Find Match flow of SPEC
 * §5, the payment and search status, balance, players online and queues. It reads useWallet() and
 * useGame() only; with no wallet it shows the connect prompt alone.
 */
// The beta title and the tagline are the site header's (ui/site-header.tsx), shown above every screen.
export function LobbyScreen({ challengeCode }: { challengeCode?: string | undefined } = {}) {
  const wallet = useWallet();
  const connected = wallet.status === 'connected' && wallet.publicKey !== null;
  return (
    <section aria-labelledby="lobby-title" className="mt-2 w-full max-w-4xl text-center font-retro">
      {challengeCode && !connected && (
        <Suspense fallback={null}>
          <ChallengeInvite
            code={challengeCode}
            walletAddress={null}
            canAccept={() => false}
            accepting={false}
            onAccept={() => {}}
          />
        </Suspense>
      )}
      <h2 id="lobby-title" className="mt-4 font-bold text-xl text-yellow-300 tracking-widest sm:text-2xl">
        CHOOSE YOUR GAME MODE
      </h2>
      {connected ? <ConnectedLobby challengeCode={challengeCode} /> : <NoWallet />}
    </section>
  );
}

function NoWallet() {
  const wallet = useWallet();
  const connecting = wallet.status === 'connecting';
  return (
    <div className="mx-auto mt-8 max-w-2xl rounded-lg border-2 border-cyan-400/50 bg-slate-950/80 p-8 shadow-lg shadow-cyan-500/10">
      <p className="font-bold text-cyan-200 text-lg">Connect your Solana wallet</p>
      <p className="mt-3 text-slate-400 text-sm">
        All game modes, including Practice, require a connected wallet.
      </p>
      <button
        type="button"
        onClick={() => wallet.connect()}
        disabled={connecting}
        className="mt-6 inline-flex items-center gap-2 rounded bg-green-500 px-6 py-2 font-bold text-slate-950 hover:bg-green-400 disabled:opacity-60"
      >
        {connecting && <Spinner />}
        Connect Wallet
      </button>
    </div>
  );
}

function ConnectedLobby({ challengeCode }: { challengeCode?: string | undefined }) {
  const wallet = useWallet();
  const game = useGame();
  const { view } = game;
  const restriction = useRestriction(wallet.publicKey, view, wallet.signedIn);
  // A ban closes every mode and ends the session: no limits read while it lasts (it would be answered 401).
  const limitClosures = usePaidPlayClosures(
    wallet.publicKey,
    wallet.signedIn && !restriction.banned,
    wallet.balanceLamports,
  );
  const facts: LobbyFacts = {
    banned: restriction.banned,
    banMessage: restriction.message,
    searching: view.searching,
    walletConnected: true,
    balanceLamports: wallet.balanceLamports,
    paidPlayRestricted: restriction.paidPlayRestricted ?? null,
    limitClosures,
  };
  const [selected, setSelected] = useState<GameModeId | null>(null);
  /**
   * Find Match and its payment status: brought into view when a mode is chosen (on a phone below the cards,
   * at 1280×800 below the fold), and again when the payment status box appears above the button and pushes
   * it down.
   */
  const findMatchArea = useRef<HTMLDivElement>(null);
  const choose = (mode: GameModeId) => {
    setSelected(mode);
    showInView(findMatchArea.current);
  };
  const payment = useFindMatch(facts);
  const statusShown = payment.status !== 'idle';
  useEffect(() => {
    if (statusShown) showInView(findMatchArea.current);
  }, [statusShown]);
  const processing = payment.phase === 'processing';
  const payingMode = payment.paying ? getGameMode(payment.paying) : null;

  return (
    <div className="mt-4">
      {challengeCode && !view.searching && (
        <Suspense fallback={null}>
          <ChallengeInvite
            code={challengeCode}
            walletAddress={wallet.publicKey}
            canAccept={(mode, paid) => !isChallengeAcceptDisabled(facts, mode, processing, paid)}
            closedReason={(mode) => paidPlayClosedReason(getGameMode(mode), facts)}
            accepting={processing}
            onAccept={(mode) => {
              setSelected(mode);
              void payment.findMatch(mode, challengeCode);
            }}
            signedIn={wallet.signedIn}
            balanceLamports={wallet.balanceLamports}
            onUsePayment={(mode, signature) => game.findMatch(mode, signature, challengeCode)}
          />
        </Suspense>
      )}
      {restriction.banned && <RestrictedBanner message={restriction.message} />}
      {!restriction.banned && facts.paidPlayRestricted && (
        <PaidPlayRestrictedNotice message={facts.paidPlayRestricted} />
      )}
      <div className="mx-auto mt-4 flex max-w-2xl flex-wrap justify-center gap-x-8 gap-y-2 text-sm">
        <span>
          <span className="text-slate-400">Balance: </span>
          <BalanceAmount
            lamports={wallet.balanceLamports}
            stale={wallet.balanceStale}
            decimals={3}
            testId="lobby-balance"
            className="text-green-300"
          />
        </span>
        <span>
          <span className="text-slate-400">Players Online: </span>
          <span data-testid="players-online" className="text-cyan-200">
            {view.playersOnline}
          </span>
        </span>
      </div>
      {/* Two compact cards a row on a phone, three over two at lg (styles.css: .mode-cards). */}
      <div className="mode-cards">
        {GAME_MODES.map((mode) => (
          <ModeCard
            key={mode.id}
            mode={mode}
            selected={selected === mode.id}
            disabled={!isModeSelectable(mode, facts)}
            unaffordable={!canAfford(mode, wallet.balanceLamports)}
            closedReason={restriction.banned ? null : (facts.limitClosures?.[mode.id] ?? null)}
            queueLength={view.queueLengths[mode.id] ?? 0}
            onSelect={() => choose(mode.id)}
          />
        ))}
      </div>
      <div ref={findMatchArea} data-testid="find-match-area" className="mx-auto max-w-md scroll-mb-4 pb-2">
        <PaymentStatusBox status={payment.status} mode={payingMode} error={payment.error} />
        <button
          type="button"
          data-testid="find-match"
          onClick={() => void payment.findMatch(selected)}
          disabled={isFindMatchDisabled(facts, selected, processing)}
          className="mt-6 inline-flex items-center gap-2 rounded bg-yellow-400 px-10 py-3 font-bold text-slate-950 tracking-widest hover:bg-yellow-300 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {processing && <Spinner />}
          Find Match
        </button>
        <button
          type="button"
          data-testid="challenge-friend"
          onClick={() => void payment.findMatch(selected, 'new')}
          disabled={selected === null || isFindMatchDisabled(facts, selected, processing)}
          title={selected === null ? 'Choose a game mode first' : undefined}
          className="mt-3 ml-3 rounded border-2 border-fuchsia-400 px-5 py-2.5 font-bold text-fuchsia-200 text-xs tracking-widest hover:bg-fuchsia-400/15 disabled:cursor-not-allowed disabled:opacity-50"
        >
          Challenge a friend
        </button>
        {view.searching && (
          <SearchingPanel view={view} mode={view.gameMode ?? selected} onCancel={() => game.cancelSearch()} />
        )}
      </div>
    </div>
  );
}

/** Scrolls the least that brings `element` wholly into view (with its small scroll margin below). */
function showInView(element: HTMLElement | null): void {
  element?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
}
