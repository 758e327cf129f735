/**
 * The match's geometry and the tuning of the physics. Speeds are units per tick and timers count ticks
 * (STYLE.md 1): the server steps the match at TICK_HZ. The product's timing rules (countdowns, the snapshot
 * cadence) are in ../rules.ts.
 */
export const TICK_HZ = 60;
export const TICK_MS = 1000 / TICK_HZ;

export const CANVAS_WIDTH = 800;
export const CANVAS_HEIGHT = 600;
export const PADDLE_WIDTH = 20;
export const PADDLE_HEIGHT = 100;
/** Distance of each paddle from its edge of the canvas. */
export const PADDLE_OFFSET = 40;
/** Ball diameter. */
export const BALL_SIZE = 16;
export const WINNING_SCORE = 11;

/** 'GET READY' before the first serve. */
export const FIRST_SERVE_TICKS = TICK_HZ;
/** Pause after a point before the next serve. */
export const ROUND_END_TICKS = TICK_HZ;

export const SERVE_SPEED = 6;
/** Every paddle hit multiplies the ball's speed, up to the cap. */
export const SPEED_UP_FACTOR = 1.05;
export const MAX_BALL_SPEED = 15;
/** The steepest |vy/vx| a serve starts with. */
export const MAX_SERVE_SLOPE = 0.6;
/** The steepest |vy/vx| after a hit at the very end of a paddle. */
export const MAX_BOUNCE_SLOPE = 1;
/** A paddle moves toward its target at most this far per tick, whatever a client asks. */
export const MAX_PADDLE_SPEED = 12;

/**
 * The match-length rule (ARCHITECTURE invariant 11, RELIABILITY 32): every match ends, whatever the players do.
 *
 * Why the clock, not the ball, is what makes it certain: no law of reflection alone ends every rally. A ball
 * hit from y = 260 at 45° travels 664 across and 664 down, turns off the bottom wall (its centre at y = 592)
 * and reaches the other face at y = 260 again, at any speed; two paddles that stand still there, each
 * meeting it below its centre, return it forever. So:
 *
 * (a) Long rallies get harder (SPEC §1 "the ball speeds up during play"). A rally's first
 *     RALLY_SPEED_UP_AFTER_HITS hits play as before (5% faster a hit, capped at MAX_BALL_SPEED 15: today's
 *     game, where the steepest return's vy, 10.6 a tick, stays under a paddle's 12, so a paddle that follows
 *     the ball never misses). After them the cap rises RALLY_SPEED_STEP a hit up to MAX_RALLY_BALL_SPEED, and
 *     every return leaves at least RALLY_SLOPE_STEP steeper a hit, up to RALLY_MIN_SLOPE_LIMIT, whatever part
 *     of the paddle meets it (its end still sends it up to MAX_BOUNCE_SLOPE): no flat return, no paddle that
 *     only sits on the ball's line. From about the 45th hit the ball moves 40 a tick, at least 35.8 across
 *     and 17.9 up or down: a paddle (12 a tick) that follows the ball loses it, and the ball crosses the 664
 *     units between the faces in 18.6 ticks (0.31 s), in which a paddle moves 223 units, while it travels
 *     at least 332 units vertically. A player who reads the exact physics can still meet many such balls,
 *     which is why (b) and (c) exist; two such bots (test-support/perfect-tracker.ts) now lose points after
 *     about 40 hits a rally. At 40 a tick the swept collision still sees every crossing of a face, and the
 *     walls reflect at most once a tick.
 * (b) Sudden death: after PLAY_TIME_LIMIT_TICKS of play (10 minutes; SPEC §1: a match typically lasts 2-5)
 *     the next point ends the match and the player ahead wins; a point that levels the score is followed by
 *     another, which cannot level it. Fair to both: the leader keeps the lead earned, a player one behind may
 *     still level, and no one is stopped in the middle of a rally.
 * (c) The final whistle: after FINAL_PLAY_TICKS of play (12 minutes) the match ends at once. The player ahead
 *     wins; a level score (only two players who return everything for two more minutes, in practice bots,
 *     get there) is decided by the match's seeded generator: even odds, fixed by the seed that `matched`
 *     committed to by its hash before play and `gameOver` reveals, so neither player nor the operator can
 *     steer it and a replay reproduces it. Not a refund: SPEC §1 allows none once a match has started, and
 *     every entry stays a played match (the money invariant keeps its one path).
 * Play time counts ticks from the end of the countdown (STYLE.md 1), so it stops with the physics while a
 * player is away and replays exactly. Bound: a match steps at most its countdown + FINAL_PLAY_TICKS ticks and
 * records at most one paddle-target change per seat a tick (`maxRecordedInputs` in match-length.ts).
 */
export const RALLY_SPEED_UP_AFTER_HITS = 20;
export const RALLY_SPEED_STEP = 1;
export const MAX_RALLY_BALL_SPEED = 40;
export const RALLY_SLOPE_STEP = 0.05;
export const RALLY_MIN_SLOPE_LIMIT = 0.5;
export const PLAY_TIME_LIMIT_TICKS = 10 * 60 * TICK_HZ;
export const FINAL_PLAY_TICKS = 12 * 60 * TICK_HZ;

/** The paddle's centre stays where the whole paddle is on the canvas. */
export const PADDLE_MIN_Y = PADDLE_HEIGHT / 2;
export const PADDLE_MAX_Y = CANVAS_HEIGHT - PADDLE_HEIGHT / 2;
/** x of the face each paddle hits the ball with. */
export const LEFT_PADDLE_FACE = PADDLE_OFFSET + PADDLE_WIDTH;
export const RIGHT_PADDLE_FACE = CANVAS_WIDTH - PADDLE_OFFSET - PADDLE_WIDTH;
