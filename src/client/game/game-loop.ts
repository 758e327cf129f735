import { CANVAS_HEIGHT } from '../../common/game/constants.ts';
import type { GameApi } from '../state/game-api.ts';
import type { GameAudio } from './audio.ts';
import { computeFrame, createFrame, type FrameInput } from './frame.ts';
import type { PaddleControl } from './input.ts';
import { type DrawingContext, render } from './render.ts';
import { followOffset } from './server-time.ts';

/**
 * The animation-frame loop of the game screen, outside React (STYLE.md 8): every frame it reads the player's
 * input, sends the paddle target, computes the frame from the match's prediction at the server's time
 * (this page's clock plus the estimated offset), draws it and plays the effect the prediction heard. Nothing here sets React state, and the frame and its input objects are reused,
 * so a frame allocates next to nothing.
 */

export interface GameLoopDeps {
  ctx: DrawingContext;
  /** The newest game API: the provider hands out a new object whenever its state changes. */
  game: () => Pick<GameApi, 'view' | 'match' | 'paddleMove'>;
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
    prediction: deps.game().match.prediction,
    serverNow: null,
    playerIndex: null,
    ownPaddleY: null,
    fallback: { state: 'waiting', scores: [0, 0], paddles: [0, 0], countdown: 0 },
  };
  let last: number | null = null;
  /** The game the input belongs to; undefined until the first frame, so input made before it is kept. */
  let gameId: string | null | undefined;
  /** The effects heard before this frame (played once each); null until the first frame. */
  let soundsHeard: number | null = null;
  /** The server clock's offset the frames are drawn with, following the estimate (server-time.ts). */
  let offset: number | null = null;
  let handle = 0;
  let running = true;

  const tick = () => {
    if (!running) return;
    const t = now();
    const frameMs = last === null ? 0 : t - last;
    last = t;
    const game = deps.game();
    const { view } = game;
    const { prediction } = game.match;
    const keyframe = prediction.keyframe();

    // A new game starts from the server's paddle, not from where the last game's input left it.
    const currentGame = keyframe?.id ?? view.gameId;
    if (currentGame !== gameId) {
      if (gameId !== undefined) deps.control.reset();
      gameId = currentGame;
    }

    const playerIndex = view.playerIndex;
    let target: number | null = null;
    if (playerIndex !== null) {
      const serverY =
        prediction.reportedPaddle(playerIndex) ?? view.data.paddlePositions[playerIndex] ?? CANVAS_HEIGHT / 2;
      target = deps.control.step(frameMs, serverY);
      // Sent every frame while there is a target: the provider drops repeats (SPEC §5: > 2 change, 16 ms),
      // and a move its throttle dropped is sent on a later frame instead of being lost.
      if (target !== null) game.paddleMove(target);
    }

    offset = followOffset(offset, game.match.serverOffsetMs(), frameMs);
    input.prediction = prediction;
    input.serverNow = offset === null ? null : t + offset;
    input.playerIndex = playerIndex;
    input.ownPaddleY = target;
    input.fallback.state = view.state;
    input.fallback.scores = view.data.scores;
    input.fallback.paddles = view.data.paddlePositions;
    input.fallback.countdown = view.countdownTime;
    render(deps.ctx, computeFrame(input, frame));

    // A hit or a point heard since the last frame; none for what was heard before the screen opened.
    const sounds = prediction.soundCount();
    const effect = prediction.lastSound();
    if (soundsHeard !== null && sounds !== soundsHeard && effect) deps.audio()?.play(effect, playerIndex);
    soundsHeard = sounds;
    deps.onFrameWork?.(now() - t);
    handle = requestFrame(tick);
  };

  handle = requestFrame(tick);
  return () => {
    running = false;
    cancelFrame(handle);
  };
}
