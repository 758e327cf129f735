import type { ServerMessage } from '../../common/protocol.ts';
import type { Connection } from './connection.ts';

/**
 * Who is online, and the counts pushed to every socket when they change. Pushes
 * are coalesced: at most one round per `intervalMs`, carrying the latest numbers, and a count is pushed only
 * if it differs from the last one pushed (ten sockets opening at once cost one `queueUpdate` or two).
 */
export interface Presence {
  add(connection: Connection): void;
  remove(connection: Connection): void;
  all(): Iterable<Connection>;
  /** Sockets of one wallet (for transaction notifications and live bans). */
  connectionsOf(walletAddress: string): Connection[];
  /**
   * Closes this node's sockets that `concerns` picks with an application close code (a sign-out, a ban);
   * each then leaves the game as any closed socket does (a seat's reconnection window, an away search).
   * Returns how many it closed.
   */
  closeWhere(concerns: (connection: Connection) => boolean, code: number, reason: string): number;
  /** Distinct players: a signed-in wallet counts once however many tabs it has open (in cluster mode, with
   * the other nodes' players). */
  playersOnline(): number;
  /** Distinct players on this node's sockets alone. */
  playersHere(): number;
  /** Something a broadcast carries changed (presence or a queue length): push soon. */
  changed(): void;
  broadcast(message: ServerMessage): void;
  close(): void;
}

export function createPresence(options: {
  intervalMs: number;
  queueLengths: () => Record<string, number>;
  /** Players on the other game nodes (the topology's `elsewhere`), added to this node's own. */
  playersElsewhere?: () => number;
}): Presence {
  const connections = new Set<Connection>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let lastPushed = '';

  const playersHere = () => {
    const keys = new Set<string>();
    for (const c of connections) keys.add(c.walletAddress ?? c.id);
    return keys.size;
  };
  const playersOnline = () => playersHere() + (options.playersElsewhere?.() ?? 0);

  const broadcast = (message: ServerMessage) => {
    for (const c of connections) c.send(message);
  };

  const push = () => {
    timer = undefined;
    // SPEC §7 names no message of its own for the online count: it rides on queueUpdate.
    const update = { queueLengths: options.queueLengths(), playersOnline: playersOnline() };
    const key = JSON.stringify(update);
    if (key === lastPushed) return;
    lastPushed = key;
    broadcast({ type: 'queueUpdate', ...update });
  };

  return {
    add(connection) {
      connections.add(connection);
    },
    remove(connection) {
      connections.delete(connection);
    },
    all: () => connections,
    connectionsOf: (walletAddress) => [...connections].filter((c) => c.walletAddress === walletAddress),
    closeWhere(concerns, code, reason) {
      const closing = [...connections].filter((c) => c.open && concerns(c));
      for (const connection of closing) connection.close(code, reason);
      return closing.length;
    },
    playersOnline,
    playersHere,
    changed() {
      if (closed) return;
      timer ??= setTimeout(push, options.intervalMs);
    },
    broadcast,
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
