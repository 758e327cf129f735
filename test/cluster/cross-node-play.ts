import { expect } from 'vitest';
import type { ServerMessageOf } from '../../src/common/protocol.ts';
import type { TestPlayer } from '../support/player-client.ts';
import { sleep, type TestCluster } from './test-cluster.ts';

/**
 * What a protocol client does with a match of cluster mode (issue 12), for the process tests: learn the
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
  /** gameState messages each seat received meanwhile. */
  states: GameState[][];
  /** paddleMoves each seat sent. */
  movesSent: number[];
}

/**
 * Both seats play for `ms`: every 50 ms each sends a paddleMove to the ball's height of the last
 * gameState it received (a paddle that follows the ball returns it, so points are rare and the match runs on).
 */
export async function playFor(seats: Seat[], ms: number): Promise<PlayReport> {
  const seen = seats.map((seat) => seat.player.messages.length);
  const movesSent = seats.map(() => 0);
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    seats.forEach((seat, i) => {
      const state = lastGameState(seat.player);
      if (!state) return;
      seat.player.send({ type: 'paddleMove', gameId: seat.matched.gameId, position: state.data.ballPos.y });
      movesSent[i]! += 1;
    });
    await sleep(50);
  }
  const states = seats.map((seat, i) =>
    seat.player.messages.slice(seen[i]).filter((m): m is GameState => m.type === 'gameState'),
  );
  return { states, movesSent };
}

/**
 * What a played stretch must show: each seat was sent the state of its own match all along (at least
 * `minStates`, none of it over or waiting for a reconnection), and its own paddle moved (the paddle moves
 * only by its player's paddleMoves, so the node took them).
 */
export function expectPlayed(seats: Seat[], report: PlayReport, minStates: number): void {
  seats.forEach((seat, i) => {
    const states = report.states[i]!;
    expect(states.length, `gameStates to seat ${seat.matched.playerIndex}`).toBeGreaterThanOrEqual(minStates);
    for (const state of states) {
      expect(state.gameId).toBe(seat.matched.gameId);
      expect(['firstServe', 'playing', 'roundEnd']).toContain(state.data.gameState);
    }
    const own = new Set(states.map((s) => s.data.paddlePositions[seat.matched.playerIndex]));
    expect(own.size, `distinct paddle positions of seat ${seat.matched.playerIndex}`).toBeGreaterThan(1);
    expect(report.movesSent[i]).toBeGreaterThan(0);
  });
}
