import WebSocket from 'ws';
import { type ServerMessage, unbatch } from '../../src/common/protocol.ts';

type Of<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

/** One game channel of a soak bot: messages kept until taken, and waits for the first of several types. */
export interface SoakChannel {
  send(message: object): void;
  /** The next unread message of one of `types`, or null at the timeout or when the socket closes. */
  next<T extends ServerMessage['type']>(types: readonly T[], timeoutMs: number): Promise<Of<T> | null>;
  /** Called with every message of the game in play as it arrives: keyframes, ball events, paddle reports. */
  onGameMessage(handler: (message: Of<'gameState' | 'ballEvent' | 'opponentPaddle'>) => void): void;
  open(): boolean;
  close(): void;
  /** Which of the soak's nodes it is connected to (set by the bot that opened it). */
  node?: number;
}

/** Opens `/ws` as a browser does: its origin, its sign-in cookie, and the address a trusted proxy adds. */
export async function openSoakChannel(
  baseUrl: string,
  headers: Record<string, string>,
): Promise<SoakChannel> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, { headers });
  const inbox: ServerMessage[] = [];
  const wakers = new Set<() => void>();
  let gameMessage: ((message: Of<'gameState' | 'ballEvent' | 'opponentPaddle'>) => void) | null = null;
  const wake = () => {
    for (const w of [...wakers]) w();
  };
  socket.on('message', (raw) => {
    for (const message of unbatch(JSON.parse(raw.toString()))) heard(message);
  });
  const heard = (message: ServerMessage) => {
    switch (message.type) {
      case 'gameState':
      case 'ballEvent':
      case 'opponentPaddle':
        // The game's messages go to the bot's ball view as they come; keeping them would only grow the inbox.
        return gameMessage?.(message);
      case 'pong':
      case 'queueUpdate':
        return;
      default:
        inbox.push(message);
        wake();
    }
  };
  socket.on('close', wake);
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`handshake refused: ${res.statusCode}`)),
    );
  });
  return {
    send(message) {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
    async next(types, timeoutMs) {
      const wanted = new Set<string>(types);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = inbox.findIndex((m) => wanted.has(m.type));
        if (index >= 0) return inbox.splice(index, 1)[0] as never;
        const left = deadline - Date.now();
        if (left <= 0 || socket.readyState >= WebSocket.CLOSING) return null;
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            wakers.delete(done);
            resolve();
          };
          const timer = setTimeout(done, Math.min(left, 1_000));
          wakers.add(done);
        });
      }
    },
    onGameMessage(handler) {
      gameMessage = handler;
    },
    open: () => socket.readyState === WebSocket.OPEN,
    close: () => socket.close(),
  };
}
