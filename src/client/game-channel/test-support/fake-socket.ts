import type { ServerMessage } from '../../../common/protocol.ts';
import { SOCKET_OPEN, type SocketFactory, type SocketLike } from '../socket.ts';

/** A WebSocket the test drives: it opens, speaks and closes when told, and records what the client sent. */
export interface FakeSocket extends SocketLike {
  readyState: number;
  url: string;
  sent: string[];
  /** Parsed client messages, in order. */
  messages(): Array<{ type: string } & Record<string, unknown>>;
  open(): void;
  receive(message: ServerMessage | string): void;
  /** The server (or the network) closes it; for a socket that never opened, a refused handshake. */
  serverClose(code?: number): void;
  closedByClient: boolean;
}

export function fakeSocketFactory(): { factory: SocketFactory; sockets: FakeSocket[]; last(): FakeSocket } {
  const sockets: FakeSocket[] = [];
  const factory: SocketFactory = (url) => {
    const socket: FakeSocket = {
      url,
      readyState: 0,
      sent: [],
      closedByClient: false,
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
      send(data) {
        if (socket.readyState !== SOCKET_OPEN) throw new Error('send on a socket that is not open');
        socket.sent.push(data);
      },
      close() {
        if (socket.readyState === 3) return;
        socket.closedByClient = true;
        socket.readyState = 3;
        socket.onclose?.({ code: 1000, reason: '' });
      },
      messages: () => socket.sent.map((s) => JSON.parse(s)),
      open() {
        socket.readyState = SOCKET_OPEN;
        socket.onopen?.({});
      },
      receive(message) {
        socket.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
      },
      serverClose(code = 1006) {
        socket.readyState = 3;
        socket.onclose?.({ code, reason: '' });
      },
    };
    sockets.push(socket);
    return socket;
  };
  return {
    factory,
    sockets,
    last: () => {
      const socket = sockets[sockets.length - 1];
      if (!socket) throw new Error('no socket was opened');
      return socket;
    },
  };
}
