import { CANVAS_HEIGHT } from '../../common/game/constants.ts';
import type { GameData } from '../../common/protocol.ts';
import type { GameApi } from '../state/game-api.ts';
import type { GameAudio } from './audio.ts';
import { computeFrame, createFrame, type FrameInput } from './frame.ts';
import type { PaddleControl } from './input.ts';
import { type DrawingContext, render } from './render.ts';
import { soundEffectBetween } from './sound-events.ts';

/**
 * The animation-frame loop of the game screen, outside React (STYLE.md 8): every frame it reads the newest
 * snapshots and the player's input, sends the paddle target, computes the frame, draws it and plays the
 * effect the snapshots imply. Nothing here sets React state, and the frame and its input objects are reused,
 * so a frame allocates next to nothing.
 */

export interface GameLoopDeps {
  ctx: DrawingContext;
  /** The newest game API: the provider hands out a new object whenever its state changes. */
  game: () => Pick<GameApi, 'view' | 'snapshots' | 'paddleMove'>;
  control: PaddleControl;
  audio: () => GameAudio | null;
  now?: () => number;
  requestFrame?: (callback: FrameRequestCallback) => number;
  cancelFrame?: (handle: number) => void;
  /** Observes how long each frame's work took, in ms (the canvas benchmark reads it). */
  onFrameWork?: (ms: number) => void;
}

/** Starts the loop; returns the function that stops it. */
export function startGameLoop(deps: GameLoopDeps): () => void {
  const now = deps.now ?? (() => performance.now());
  const requestFrame = deps.requestFrame ?? ((cb) => requestAnimationFrame(cb));
  const cancelFrame = deps.cancelFrame ?? ((h) => cancelAnimationFrame(h));
  const frame = createFrame();
  const input: FrameInput = {
    snapshots: [],
    now: 0,
    playerIndex: null,
    ownPaddleY: null,
    fallback: { state: 'waiting', scores: [0, 0], paddles: [0, 0], countdown: 0 },
  };
  let last: number | null = null;
  /** The game the input belongs to; undefined until the first frame, so input made before it is kept. */
  let gameId: string | null | undefined;
  let heard: GameData | null = null;
  let heardAt = Number.NaN;
  let handle = 0;
  let running = true;

  const tick = () => {
    if (!running) return;
    const t = now();
    const frameMs = last === null ? 0 : t - last;
    last = t;
    const game = deps.game();
    const { view } = game;
    const snapshots = game.snapshots.latest();
    const newest = snapshots[snapshots.length - 1];

    // A new game starts from the server's paddle, not from where the last game's input left it.
    const currentGame = newest?.data.id ?? view.gameId;
    if (currentGame !== gameId) {
      if (gameId !== undefined) deps.control.reset();
      gameId = currentGame;
      heard = null;
    }

    const playerIndex = view.playerIndex;
    let target: number | null = null;
    if (playerIndex !== null) {
      const serverY =
        newest?.data.paddlePositions[playerIndex] ??
        view.data.paddlePositions[playerIndex] ??
        CANVAS_HEIGHT / 2;
      target = deps.control.step(frameMs, serverY);
      // Sent every frame while there is a target: the provider drops repeats (SPEC §5: > 2 change, 16 ms),
      // and a move its throttle dropped is sent on a later frame instead of being lost.
      if (target !== null) game.paddleMove(target);
    }

    input.snapshots = snapshots;
    input.now = t;
    input.playerIndex = playerIndex;
    input.ownPaddleY = target;
    input.fallback.state = view.state;
    input.fallback.scores = view.data.scores;
    input.fallback.paddles = view.data.paddlePositions;
    input.fallback.countdown = view.countdownTime;
    render(deps.ctx, computeFrame(input, frame));

    if (newest && newest.receivedAt !== heardAt) {
      const effect = soundEffectBetween(heard, newest.data);
      if (effect) deps.audio()?.play(effect, playerIndex);
      heard = newest.data;
      heardAt = newest.receivedAt;
    }
    deps.onFrameWork?.(now() - t);
    handle = requestFrame(tick);
  };

  handle = requestFrame(tick);
  return () => {
    running = false;
    cancelFrame(handle);
  };
}
