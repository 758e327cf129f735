import type { IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import { generateKeyPairSigner, type KeyPairSigner, signBytes } from '@solana/kit';
import type { SolanaSignInInput } from '@solana/wallet-standard-features';
import { createSignInMessageText } from '@solana/wallet-standard-util';
import WebSocket, { type ClientOptions } from 'ws';
import { type ServerMessage, unbatch } from '../../src/common/protocol.ts';

type Of<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

/** A player as a browser would be: a Kit wallet, a SIWS sign-in over HTTP, then the /ws channel. */
export interface TestPlayer {
  wallet: KeyPairSigner;
  cookie: string;
  socket: WebSocket;
  messages: ServerMessage[];
  send(message: object | string): void;
  /** The next message of a type not yet consumed (waits for it), e.g. `await p.next('matched')`. */
  next<T extends ServerMessage['type']>(type: T, timeoutMs?: number): Promise<Of<T>>;
  /** All messages of a type received so far. */
  all<T extends ServerMessage['type']>(type: T): Array<Of<T>>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
  /** The headers of the server's 101 answer (e.g. to see which extensions it accepted). */
  handshakeHeaders: IncomingHttpHeaders;
  /** Stops reading the TCP socket, as a client that hangs would; `resumeReading` reads again. */
  stopReading(): void;
  resumeReading(): void;
}

/** Extra knobs of `connectPlayer` for channel tests; none of them changes what the defaults do. */
export interface ConnectOptions {
  signedIn?: { wallet: KeyPairSigner; cookie: string } | false;
  /** The Origin header to send; `null` sends none, as a non-browser client would. */
  origin?: string | null;
  /** Appended to /ws as the `sessionId` query. */
  sessionId?: string;
  /** Further ws client options, e.g. `{ autoPong: false }` or `{ perMessageDeflate: true }`. */
  ws?: ClientOptions;
  /** Extra handshake headers, e.g. an X-Forwarded-For a trusted proxy would add. */
  headers?: Record<string, string>;
}

/** Extra knobs of `signIn`: headers a proxy would add, and the accepted terms version to send. */
export interface SignInOptions {
  headers?: Record<string, string>;
  termsVersion?: string;
}

export async function signIn(
  baseUrl: string,
  wallet?: KeyPairSigner,
  options: SignInOptions = {},
): Promise<{ wallet: KeyPairSigner; cookie: string }> {
  const signer = wallet ?? (await generateKeyPairSigner());
  const headers = { 'content-type': 'application/json', origin: new URL(baseUrl).origin, ...options.headers };
  const challenge = await fetch(`${baseUrl}/api/auth/challenge`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ walletAddress: signer.address }),
  });
  const { input } = (await challenge.json()) as { input: SolanaSignInInput };
  const text = new TextEncoder().encode(
    createSignInMessageText(input as SolanaSignInInput & { domain: string; address: string }),
  );
  const signature = await signBytes(signer.keyPair.privateKey, text);
  const verify = await fetch(`${baseUrl}/api/auth/verify`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      walletAddress: signer.address,
      signedMessage: Buffer.from(text).toString('base64'),
      signature: Buffer.from(signature).toString('base64'),
      ...(options.termsVersion ? { termsVersion: options.termsVersion } : {}),
    }),
  });
  if (verify.status !== 200) throw new Error(`sign-in failed: ${verify.status} ${await verify.text()}`);
  const cookie = (verify.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { wallet: signer, cookie };
}

export async function connectPlayer(baseUrl: string, options: ConnectOptions = {}): Promise<TestPlayer> {
  const identity = options.signedIn === false ? null : (options.signedIn ?? (await signIn(baseUrl)));
  const query = options.sessionId === undefined ? '' : `?sessionId=${encodeURIComponent(options.sessionId)}`;
  const url = `${baseUrl.replace(/^http/, 'ws')}/ws${query}`;
  const origin = options.origin === undefined ? new URL(baseUrl).origin : options.origin;
  const socket = new WebSocket(url, {
    perMessageDeflate: false,
    ...options.ws,
    headers: {
      ...options.headers,
      ...(origin === null ? {} : { origin }),
      ...(identity ? { cookie: identity.cookie } : {}),
    },
  });
  let handshakeHeaders: IncomingHttpHeaders = {};
  let tcp: Socket | undefined;
  socket.once('upgrade', (response) => {
    handshakeHeaders = response.headers;
    tcp = response.socket;
  });
  const messages: ServerMessage[] = [];
  const consumed = new Set<ServerMessage>();
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    messages.push(...unbatch(JSON.parse(data.toString())));
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const wake of waiters.splice(0)) wake();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`handshake refused: ${res.statusCode}`)),
    );
  });
  const player: TestPlayer = {
    wallet: identity?.wallet ?? (undefined as unknown as KeyPairSigner),
    cookie: identity?.cookie ?? '',
    socket,
    messages,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    async next(type, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.type === type && !consumed.has(m));
        if (found) {
          consumed.add(found);
          return found as never;
        }
        if (socket.readyState === socket.CLOSED) throw new Error(`socket closed before a ${type} message`);
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `no ${type} message within ${timeoutMs} ms; got ${messages.map((m) => m.type).join(',')}`,
          );
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 200));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    all: (type) => messages.filter((m) => m.type === type) as never,
    closed,
    close: () => socket.close(),
    get handshakeHeaders() {
      return handshakeHeaders;
    },
    stopReading: () => tcp?.pause(),
    resumeReading: () => tcp?.resume(),
  };
  return player;
}

/**
 * Pairs two signed-in players in a practice match (the practice queue must be empty): `first` searches,
 * then `second`; returns the game id and each one's seat.
 */
export async function matchPractice(
  first: TestPlayer,
  second: TestPlayer,
): Promise<{ gameId: string; seats: [0 | 1, 0 | 1] }> {
  first.send({ type: 'findMatch', gameMode: 'practice' });
  await first.next('joinQueue');
  second.send({ type: 'findMatch', gameMode: 'practice' });
  const [a, b] = await Promise.all([first.next('matched'), second.next('matched')]);
  if (a.gameId !== b.gameId) throw new Error('the two players were matched with others');
  return { gameId: a.gameId, seats: [a.playerIndex, b.playerIndex] };
}
