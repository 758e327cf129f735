import type { Socket } from 'node:net';

/** Bytes a client's TCP socket moved, both ways: WebSocket frames with their headers and masks, on the wire. */
export interface WireCount {
  down: number;
  up: number;
}

export function wireCountOf(socket: Pick<Socket, 'bytesRead' | 'bytesWritten'> | undefined): WireCount {
  return { down: socket?.bytesRead ?? 0, up: socket?.bytesWritten ?? 0 };
}

/** What moved between two counts. */
export function wireDelta(before: WireCount, after: WireCount): WireCount {
  return { down: after.down - before.down, up: after.up - before.up };
}

/** Two counts together: a bot's closed sockets and its open one. */
export function wireSum(a: WireCount, b: WireCount): WireCount {
  return { down: a.down + b.down, up: a.up + b.up };
}

/** Bytes per player per second: the total over every player, divided by the players and the seconds. */
export function perPlayerPerSecond(totalBytes: number, players: number, seconds: number): number {
  return players > 0 && seconds > 0 ? totalBytes / players / seconds : 0;
}
