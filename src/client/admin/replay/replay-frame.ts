import { TICK_HZ } from '../../../common/game/constants.ts';
import { shownPlayTimeLeft } from '../../../common/game/match-length.ts';
import type { MatchPhysics } from '../../../common/game/physics.ts';
import { DEFAULT_COUNTDOWN_SECONDS } from '../../../common/rules.ts';
import { createFrame, type Frame, overlayFor } from '../../game/frame.ts';

/**
 * The frame the player's renderer draws for one replayed tick: the physics exactly, with no interpolation
 * (the replay has every tick) and no own paddle (an operator watches both players alike).
 *
 * The countdown overlay counts down the physics countdown, capped at the default countdown players are
 * shown: the record keeps the whole countdown (a lead-in included) but not what part of it was on screen.
 */
export function replayFrame(state: MatchPhysics, into: Frame = createFrame()): Frame {
  const { phase } = state;
  into.state = phase.name;
  into.ballX = state.ball.x;
  into.ballY = state.ball.y;
  into.paddles[0] = state.paddles[0];
  into.paddles[1] = state.paddles[1];
  into.scores[0] = state.scores[0];
  into.scores[1] = state.scores[1];
  into.playerIndex = null;
  into.countdown =
    phase.name === 'countdown'
      ? Math.min(DEFAULT_COUNTDOWN_SECONDS, Math.ceil(phase.ticksLeft / TICK_HZ))
      : 0;
  into.playTimeLeft = shownPlayTimeLeft(state);
  into.overlay = overlayFor(into.state, into.countdown);
  return into;
}
