import { type PointerEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CANVAS_HEIGHT, CANVAS_WIDTH } from '../../common/game/constants.ts';
import { useGame } from '../state/game-api.ts';
import { useWallet } from '../wallet/wallet-api.ts';
import { createGameAudio, type GameAudio } from './audio.ts';
import { useCanvasFit } from './canvas-fit.ts';
import { startGameLoop } from './game-loop.ts';
import { createPaddleControl } from './input.ts';
import { type AudioFlags, readAudioFlags, readWinStats, writeAudioFlag } from './local-settings.ts';
import { MatchBar } from './match-bar.tsx';
import { TouchStrip } from './touch-strip.tsx';
import { UnderGame } from './under-game.tsx';
import { useNarrowViewport } from './use-narrow-viewport.ts';

export interface GameScreenProps {
  /** SPEC §2: the transaction history panel under the game while a wallet is connected (its own chunk). */
  historyPanel?: ReactNode;
  /** Observes each frame's work in ms; the canvas benchmark uses it. */
  onFrameWork?: (ms: number) => void;
}

/** Keys typed into a field are the field's, not the paddle's. */
function typingInField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * SPEC §2 game screen (states firstServe, playing, roundEnd): one 800×600 canvas drawn by an animation-frame
 * loop outside React (STYLE.md 8), scaled by CSS to the viewport (4:3, at most 800 px wide, sized by
 * useCanvasFit so the canvas and the row under it fit above the footer); keyboard, mouse and
 * the touch strip below 768 px move the paddle; effects and music through Web Audio; the row under the game.
 */
export function GameScreen({ historyPanel, onFrameWork }: GameScreenProps) {
  const game = useGame();
  const wallet = useWallet();
  const narrow = useNarrowViewport();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rowRef = useRef<HTMLDivElement>(null);
  const gameRef = useRef(game);
  const audioRef = useRef<GameAudio | null>(null);
  const frameWorkRef = useRef(onFrameWork);
  const [control] = useState(createPaddleControl);
  const [audioFlags, setAudioFlags] = useState(readAudioFlags);
  const [stats] = useState(readWinStats);

  // The loop reads the newest API through a ref, so provider updates never restart it.
  useLayoutEffect(() => {
    gameRef.current = game;
    frameWorkRef.current = onFrameWork;
  });

  useCanvasFit(canvasRef, rowRef);

  useEffect(() => {
    const audio = createGameAudio(readAudioFlags());
    audioRef.current = audio;
    // Audio may start only after a user gesture; one made before this screen (Find Match) counts.
    const unlock = () => audio.unlock();
    if (navigator.userActivation?.hasBeenActive) unlock();
    window.addEventListener('pointerdown', unlock);
    window.addEventListener('keydown', unlock);
    return () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
      audio.dispose();
      audioRef.current = null;
    };
  }, []);

  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    return startGameLoop({
      ctx,
      game: () => gameRef.current,
      control,
      audio: () => audioRef.current,
      onFrameWork: (ms) => frameWorkRef.current?.(ms),
    });
  }, [control]);

  useEffect(() => {
    const down = (event: KeyboardEvent) => {
      if (typingInField(event.target)) return;
      // Arrow keys would otherwise scroll the page under the game.
      if (control.keyDown(event.key)) event.preventDefault();
    };
    const up = (event: KeyboardEvent) => control.keyUp(event.key);
    const blur = () => control.releaseKeys();
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', blur);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', blur);
    };
  }, [control]);

  const followPointer = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === 'touch' && narrow) return;
    const rect = event.currentTarget.getBoundingClientRect();
    control.pointerAt(event.clientY, rect.top, rect.height);
  };

  const toggle = (flag: keyof AudioFlags) => {
    const on = !audioFlags[flag];
    writeAudioFlag(flag, on);
    if (flag === 'sound') audioRef.current?.setSoundEnabled(on);
    else audioRef.current?.setMusicEnabled(on);
    setAudioFlags({ ...audioFlags, [flag]: on });
  };

  return (
    <section aria-label="Game" className="mt-4 flex w-full max-w-[800px] flex-col items-center">
      <canvas
        ref={canvasRef}
        width={CANVAS_WIDTH}
        height={CANVAS_HEIGHT}
        aria-label="Game field"
        // Without the strip (768 px and wider: tablets too) a finger on the canvas moves the paddle, so the
        // canvas takes touches for itself instead of scrolling the page; below 768 px the strip does that.
        className={`block aspect-[4/3] h-auto w-full max-w-[min(800px,max(320px,calc((100dvh_-_17rem)_*_4/3)))] rounded border-2 border-cyan-400/60 bg-black shadow-cyan-500/20 shadow-lg ${narrow ? '' : 'touch-none'}`}
        onPointerDown={followPointer}
        onPointerMove={followPointer}
      />
      <MatchBar />
      {narrow && <TouchStrip control={control} />}
      <UnderGame
        ref={rowRef}
        audio={audioFlags}
        onToggle={toggle}
        connection={game.connection}
        walletConnected={wallet.status === 'connected'}
        balanceLamports={wallet.balanceLamports}
        balanceStale={wallet.balanceStale}
        stats={stats}
      />
      {wallet.status === 'connected' && historyPanel}
    </section>
  );
}

export default GameScreen;
