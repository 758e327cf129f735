/**
 * Cluster mode for the bench's bots: a match lives on one game node, so a bot whose socket is on
 * another one follows it there, as the player client does (src/client/state/game-controller.ts). It keeps
 * `connect.node`; on a `matched.node` that differs it reconnects to `/ws?node=<node>` and says `reconnect`.
 * This module decides that and times each move, from `matched` to the `reconnectionSuccess` on the match's
 * node. Pure: the time is passed in; the sockets are bench/bot.ts's. One process names no node: no move.
 */
import type { ServerMessage } from '../src/common/protocol.ts';
import type { SampleHistogram } from './sample-histogram.ts';

/** What all bots of one load process add to, from their start (moves mostly happen as matches begin). */
export interface MoveRecorders {
  /** Bots that followed a match to its node at least once. */
  movedPlayers: number;
  /** Each move's ms, from `matched` to `reconnectionSuccess`. */
  moves: SampleHistogram;
}

export interface NodeFollower {
  /** A message arrived at `nowMs`: the node to reconnect to and the game to rejoin there, or null. */
  heard(message: ServerMessage, nowMs: number): { node: string; gameId: string } | null;
}

export function createNodeFollower(rec: MoveRecorders): NodeFollower {
  /** The node the bot's socket is on: from `connect`, or the node its last move's URL named. */
  let socketNode: string | null = null;
  let pending: { gameId: string; since: number } | null = null;
  let moved = false;

  return {
    heard(message, now) {
      switch (message.type) {
        case 'connect':
          socketNode = message.node ?? null;
          return null;
        case 'matched': {
          const node = message.node;
          if (node === undefined || node === socketNode) return null;
          socketNode = node;
          pending = { gameId: message.gameId, since: now };
          return { node, gameId: message.gameId };
        }
        case 'reconnectionSuccess':
          if (pending?.gameId !== message.gameId) return null;
          rec.moves.add(now - pending.since);
          if (!moved) rec.movedPlayers++;
          moved = true;
          pending = null;
          return null;
        case 'reconnectionFailed':
          pending = null;
          return null;
        default:
          return null;
      }
    },
  };
}
