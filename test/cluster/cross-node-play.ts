import { expect } from 'vitest';
import type { ServerMessageOf } from '../../src/common/protocol.ts';
import { ballSeenBy } from '../support/match-bed.ts';
import type { TestPlayer } from '../support/player-client.ts';
import { sleep } from '../support/until.ts';
import type { TestCluster } from './test-cluster.ts';

/**
 * What a protocol client does with a match of cluster mode, for the process tests: learn the
 * node its socket is on (`connect.node`), move to the node `matched.node` names (a new socket with the same
 * session cookie, then `reconnect`), and play: follow the ball with its paddle so the rally goes on while a
 * test watches the match run.
 */

type GameState = ServerMessageOf<'gameState'>;

/** The node the player's socket is connected to, as the `connect` reply names it. */
export async function socketNode(player: TestPlayer): Promise<string | undefined> {
  player.send({ type: 'connect' });
  return (await player.next('connect')).node;
}

export interface Seat {
  /** The socket on the match's node (the first one, or the one the player moved to). */
  player: TestPlayer;
  matched: ServerMessageOf<'matched'>;
  /** Whether the player had to move to another node. */
  moved: boolean;
}

/**
 * Seats a matched player: if its socket is on another node than the match's, it opens a socket to that
 * node with its signed-in session, sends `reconnect`, and must get `reconnectionSuccess` for its seat; the
 * old socket is then closed, as the browser client does.
 */
export async function takeSeat(
  cluster: TestCluster,
  player: TestPlayer,
  socketOn: string | undefined,
  matched: ServerMessageOf<'matched'>,
): Promise<Seat> {
  if (!matched.node) throw new Error(`matched ${matched.gameId} names no node`);
  if (matched.node === socketOn) return { player, matched, moved: false };
  const target = cluster.nodes.find((node) => node.id === matched.node);
  if (!target) throw new Error(`matched names ${matched.node}, which is not a node of the cluster`);
  const moved = await cluster.reconnectedPlayer(target, player);
  moved.send({ type: 'reconnect', gameId: matched.gameId });
  const success = await moved.next('reconnectionSuccess', 10_000);
  expect(success).toMatchObject({ gameId: matched.gameId, playerIndex: matched.playerIndex });
  player.close();
  return { player: moved, matched, moved: true };
}

/** The last gameState a player received, if any. */
export function lastGameState(player: TestPlayer): GameState | undefined {
  for (let i = player.messages.length - 1; i >= 0; i--) {
    const message = player.messages[i]!;
    if (message.type === 'gameState') return message;
  }
  return undefined;
}

/** Waits until both seats have been sent a gameState in the 'playing' phase (the countdown is over). */
export async function untilPlaying(seats: Seat[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!seats.every((seat) => seat.player.all('gameState').some((s) => s.data.gameState === 'playing'))) {
    if (Date.now() > deadline) {
      const phases = seats.map((seat) => lastGameState(seat.player)?.data.gameState ?? 'none');
      throw new Error(`the match is not playing within ${timeoutMs} ms (last phases: ${phases.join(', ')})`);
    }
    await sleep(100);
  }
}

export interface PlayReport {
  /** What each seat was sent of the match meanwhile: keyframes, ball events, the opponent's paddle. */
  plays: PlayMessage[][];
  /** Each seat's stretch as a line: its socket's state, and how many of each type it was sent meanwhile. */
  seen: string[];
  /** paddleMoves each seat sent. */
  movesSent: number[];
}

type PlayMessage = ServerMessageOf<'gameState' | 'ballEvent' | 'opponentPaddle'>;
const PLAY_TYPES = new Set(['gameState', 'ballEvent', 'opponentPaddle']);
/** Well within a paddle's reach (half its 100 units and half the ball): the ball is still returned. */
const AIM_OFF = 20;

/**
 * Both seats play for `ms`: every 50 ms each sends a paddleMove near the ball's height, where its client has
 * the ball (flown on from the last keyframe or ball event, the nodes' clock being this machine's): a paddle
 * that follows the ball returns it, so points are rare and the match runs on. It aims AIM_OFF above and below
 * the ball by turns: a paddle right on the ball's line returns it flat, and two flat returns make a rally in
 * which neither paddle moves again (seen: ten seconds of hits at y 264, both paddles at 263.6).
 */
export async function playFor(seats: Seat[], ms: number): Promise<PlayReport> {
  const seen = seats.map((seat) => seat.player.messages.length);
  const movesSent = seats.map(() => 0);
  const targets = seats.map(() => new Set<number>());
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    seats.forEach((seat, i) => {
      const ball = ballSeenBy(seat.player.messages, Date.now());
      if (!ball) return;
      const position = ball.y + (movesSent[i]! % 2 === 0 ? AIM_OFF : -AIM_OFF);
      seat.player.send({ type: 'paddleMove', gameId: seat.matched.gameId, position });
      movesSent[i]! += 1;
      targets[i]!.add(Math.round(position));
    });
    await sleep(50);
  }
  const stretches = seats.map((seat, i) => seat.player.messages.slice(seen[i]));
  const plays = stretches.map((stretch) => stretch.filter((m): m is PlayMessage => PLAY_TYPES.has(m.type)));
  const described = seats.map((seat, i) => {
    const counts = new Map<string, number>();
    for (const m of stretches[i]!) counts.set(m.type, (counts.get(m.type) ?? 0) + 1);
    const phases = stretches[i]!.flatMap((m) => (m.type === 'gameState' ? [m.data.gameState] : []));
    const hits = stretches[i]!.flatMap((m) =>
      m.type === 'ballEvent'
        ? [`${m.kind}@${m.tick} ball ${m.ball.map(Math.round)} paddles ${m.paddles}`]
        : [],
    );
    return `seat ${seat.matched.playerIndex} (socket state ${seat.player.socket.readyState}, ${movesSent[i]} moves sent to ${targets[i]!.size} places): ${[...counts].map(([t, n]) => `${t}×${n}`).join(' ')}; phases ${phases.join(',')}; ${hits.join('; ')}`;
  });
  return { plays, movesSent, seen: described };
}

/**
 * What a played stretch must show: each seat was sent its own match all along (at least `minMessages` of
 * play: a running match keyframes every 3 s, so a stretch of `s` seconds has about s / 3 of them besides its
 * ball events and paddle reports; none over or waiting for a reconnection), and its paddle moved (the other
 * seat was told so: a paddle moves only by its player's paddleMoves, so the node took them).
 */
export function expectPlayed(seats: Seat[], report: PlayReport, minMessages: number): void {
  seats.forEach((seat, i) => {
    const plays = report.plays[i]!;
    expect(
      plays.length,
      `play messages to seat ${seat.matched.playerIndex}; ${report.seen.join(' | ')}`,
    ).toBeGreaterThanOrEqual(minMessages);
    for (const play of plays) {
      if (play.type === 'opponentPaddle') continue;
      expect(play.gameId).toBe(seat.matched.gameId);
      if (play.type === 'gameState')
        expect(['firstServe', 'playing', 'roundEnd']).toContain(play.data.gameState);
    }
    const other = report.plays[seats.length - 1 - i]!;
    const told = new Set(other.filter((m) => m.type === 'opponentPaddle').map((m) => m.y));
    expect(
      told.size,
      `distinct paddle positions of seat ${seat.matched.playerIndex}; the stretch: ${report.seen.join(' | ')}`,
    ).toBeGreaterThan(1);
    expect(report.movesSent[i]).toBeGreaterThan(0);
  });
}
