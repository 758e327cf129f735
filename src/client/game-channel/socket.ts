/**
 * The little of a WebSocket the channel uses. The browser's WebSocket has it, and so has the `ws` package's
 * (which Node tests inject, with a cookie header the browser would send by itself).
 */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

/** WebSocket.OPEN, without needing a WebSocket global to read it from. */
export const SOCKET_OPEN = 1;

export const browserSocket: SocketFactory = (url) => new WebSocket(url) as unknown as SocketLike;

/**
 * SPEC §7: one socket at /ws on the page's own host, wss when the page is https; the stored channel
 * session id goes along as the `sessionId` query. In cluster mode the stored game's node goes as
 * the `node` query, which the proxy routes to that node.
 */
export function gameSocketUrl(
  page: { protocol: string; host: string },
  sessionId: string | null,
  node: string | null = null,
): string {
  const scheme = page.protocol === 'https:' ? 'wss' : 'ws';
  const params = [
    ...(sessionId ? [`sessionId=${encodeURIComponent(sessionId)}`] : []),
    ...(node ? [`node=${encodeURIComponent(node)}`] : []),
  ];
  return `${scheme}://${page.host}/ws${params.length > 0 ? `?${params.join('&')}` : ''}`;
}

/** The text of a message event: a string in browsers; `ws` may hand over a Buffer. */
export function frameText(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
  return String(data);
}

/** Subscribes to the browser's network events; returns the unsubscribe. */
export type NetworkEvents = (on: { online(): void; offline(): void }) => () => void;

export const browserNetworkEvents: NetworkEvents = (on) => {
  window.addEventListener('online', on.online);
  window.addEventListener('offline', on.offline);
  return () => {
    window.removeEventListener('online', on.online);
    window.removeEventListener('offline', on.offline);
  };
};
