import { TICK_HZ } from '../../../common/game/constants.ts';
import type { ReplayTimeline } from '../../../common/game/replay-timeline.ts';
import { createFrame } from '../../game/frame.ts';
import { type DrawingContext, render } from '../../game/render.ts';
import { replayFrame } from './replay-frame.ts';

/**
 * The replay's animation-frame loop, outside React like the game screen's (STYLE.md 8): it steps the
 * timeline's cursor at 60 ticks per second of game time times the speed, and draws every frame with the
 * player's renderer. React only hears a status (tick, scores, playing) at most every STATUS_MS, and at
 * once on a point, a seek, play, pause and the end, so the readout and the seek bar follow without the
 * component re-rendering 60 times a second.
 */

export const REPLAY_SPEEDS = [1, 2, 4] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

export interface ReplayStatus {
  tick: number;
  scores: readonly [number, number];
  playing: boolean;
}

export const STATUS_MS = 100;
/** A frame never catches up more than this much game time (a background tab resumes, not fast-forwards). */
const MAX_CATCH_UP_MS = 250;

export interface ReplayPlayerDeps {
  ctx: DrawingContext;
  timeline: ReplayTimeline;
  onStatus: (status: ReplayStatus) => void;
  now?: () => number;
  requestFrame?: (callback: FrameRequestCallback) => number;
  cancelFrame?: (handle: number) => void;
}

export interface ReplayPlayer {
  play(): void;
  pause(): void;
  seek(tick: number): void;
  setSpeed(speed: ReplaySpeed): void;
  /** Stops the loop for good (the component unmounts). */
  stop(): void;
}

export function createReplayPlayer(deps: ReplayPlayerDeps): ReplayPlayer {
  const { timeline, ctx } = deps;
  const now = deps.now ?? (() => performance.now());
  const requestFrame = deps.requestFrame ?? ((cb) => requestAnimationFrame(cb));
  const cancelFrame = deps.cancelFrame ?? ((h) => cancelAnimationFrame(h));
  const frame = createFrame();
  let cursor = timeline.seek(0);
  let speed: ReplaySpeed = 1;
  let playing = false;
  let stopped = false;
  let handle: number | null = null;
  let last = 0;
  /** Game ticks owed but not yet stepped (fractions of a tick carry over to the next frame). */
  let owed = 0;
  let statusAt = Number.NEGATIVE_INFINITY;
  let statusScores = '';

  const draw = () => render(ctx, replayFrame(cursor.state, frame));
  const emit = (force: boolean) => {
    const t = now();
    const { scores } = cursor.state;
    const scoreKey = `${scores[0]}-${scores[1]}`;
    if (!force && scoreKey === statusScores && t - statusAt < STATUS_MS) return;
    statusAt = t;
    statusScores = scoreKey;
    deps.onStatus({ tick: cursor.state.tick, scores: [scores[0], scores[1]], playing });
  };
  const cancel = () => {
    if (handle !== null) cancelFrame(handle);
    handle = null;
  };

  const onFrame = () => {
    handle = null;
    if (stopped || !playing) return;
    const t = now();
    owed += (Math.min(t - last, MAX_CATCH_UP_MS) * speed * TICK_HZ) / 1000;
    last = t;
    let ended = false;
    for (; owed >= 1; owed--) {
      if (!timeline.advance(cursor)) {
        ended = true;
        break;
      }
    }
    if (ended || cursor.state.tick >= timeline.endTick) {
      playing = false;
      owed = 0;
    }
    draw();
    emit(!playing);
    if (playing) handle = requestFrame(onFrame);
  };

  draw();
  emit(true);

  return {
    play() {
      if (stopped || playing) return;
      if (cursor.state.tick >= timeline.endTick) cursor = timeline.seek(0);
      playing = true;
      last = now();
      owed = 0;
      draw();
      emit(true);
      handle = requestFrame(onFrame);
    },
    pause() {
      if (stopped || !playing) return;
      playing = false;
      cancel();
      emit(true);
    },
    seek(tick) {
      if (stopped) return;
      cursor = timeline.seek(tick);
      owed = 0;
      last = now();
      draw();
      emit(true);
    },
    setSpeed(next) {
      speed = next;
    },
    stop() {
      stopped = true;
      playing = false;
      cancel();
    },
  };
}
