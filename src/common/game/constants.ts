/**
 * SPEC §9 business constants of the match, and the tuning of the physics. Speeds are units per tick and
 * timers count ticks (STYLE.md 1): the server steps the match at TICK_HZ.
 */
export const TICK_HZ = 60;
export const TICK_MS = 1000 / TICK_HZ;
/**
 * How often the server sends each player a `gameState` while the match runs (issue 11): every third tick,
 * 20 Hz, Colyseus' default patch rate. The physics still steps at TICK_HZ; the client interpolates between
 * snapshots. A change of phase or score is sent on the tick it happens, not at the next 20 Hz beat.
 */
export const SNAPSHOT_HZ = 20;
export const TICKS_PER_SNAPSHOT = TICK_HZ / SNAPSHOT_HZ;

export const CANVAS_WIDTH = 800;
export const CANVAS_HEIGHT = 600;
export const PADDLE_WIDTH = 20;
export const PADDLE_HEIGHT = 100;
/** Distance of each paddle from its edge of the canvas. */
export const PADDLE_OFFSET = 40;
/** Ball diameter. */
export const BALL_SIZE = 16;
export const WINNING_SCORE = 11;

/** Pre-game countdown, server-supplied to clients (SPEC §2: default 5). */
export const DEFAULT_COUNTDOWN_SECONDS = 5;
/**
 * SPEC §9 opponent-found screen: 3 s. The server waits it out before its pre-game countdown starts to show,
 * so the player sees 'OPPONENT FOUND!' and then the whole countdown (5, 4, 3, 2, 1, GO!), not its tail.
 */
export const OPPONENT_FOUND_SECONDS = 3;
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

/** The paddle's centre stays where the whole paddle is on the canvas. */
export const PADDLE_MIN_Y = PADDLE_HEIGHT / 2;
export const PADDLE_MAX_Y = CANVAS_HEIGHT - PADDLE_HEIGHT / 2;
/** x of the face each paddle hits the ball with. */
export const LEFT_PADDLE_FACE = PADDLE_OFFSET + PADDLE_WIDTH;
export const RIGHT_PADDLE_FACE = CANVAS_WIDTH - PADDLE_OFFSET - PADDLE_WIDTH;
