import type { ServerMessage } from '../../common/protocol.ts';
import type { Connection } from './connection.ts';

/**
 * Who is online, and the counts pushed to every socket when they change (game-server issue, point 3). Pushes
 * are coalesced: at most one round per `intervalMs`, carrying the latest numbers, and a count is pushed only
 * if it differs from the last one pushed (ten sockets opening at once cost one `playersOnline` each).
 */
export interface Presence {
  add(connection: Connection): void;
  remove(connection: Connection): void;
  all(): Iterable<Connection>;
  /** Distinct players: a signed-in wallet counts once however many tabs it has open. */
  playersOnline(): number;
  /** Something a broadcast carries changed (presence or a queue length): push soon. */
  changed(): void;
  broadcast(message: ServerMessage): void;
  close(): void;
}

export function createPresence(options: {
  intervalMs: number;
  queueLengths: () => Record<string, number>;
}): Presence {
  const connections = new Set<Connection>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let lastPlayersOnline: number | undefined;
  let lastQueueLengths = '';

  const playersOnline = () => {
    const keys = new Set<string>();
    for (const c of connections) keys.add(c.walletAddress ?? c.id);
    return keys.size;
  };

  const broadcast = (message: ServerMessage) => {
    for (const c of connections) c.send(message);
  };

  const push = () => {
    timer = undefined;
    const online = playersOnline();
    if (online !== lastPlayersOnline) {
      lastPlayersOnline = online;
      broadcast({ type: 'playersOnline', playersOnline: online });
    }
    const queueLengths = options.queueLengths();
    const key = JSON.stringify(queueLengths);
    if (key !== lastQueueLengths) {
      lastQueueLengths = key;
      broadcast({ type: 'queueUpdate', queueLengths });
    }
  };

  return {
    add(connection) {
      connections.add(connection);
    },
    remove(connection) {
      connections.delete(connection);
    },
    all: () => connections,
    playersOnline,
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
