import WebSocket from 'ws';
import type { PubSubEvent, PubSubHub, SubscriptionKind } from '../local-rpc/pubsub/pubsub-hub.ts';

/** A message as the wire carried it: its text (for exact-shape checks) and its parsed JSON. */
export interface WireMessage {
  text: string;
  json: Record<string, unknown>;
}

/**
 * Test support: a bare WebSocket client of the PubSub endpoint that keeps every message in arrival order, so
 * a test can check exact wire shapes and that nothing was sent before a later answer.
 */
export interface RawPubSubClient {
  socket: WebSocket;
  /** Sends a value as JSON, or a string as it is. */
  send(message: unknown): void;
  /** Sends a request with the next id and resolves with its answer. */
  call(method: string, params?: unknown[]): Promise<WireMessage>;
  /** The answer carrying this id (null for answers to what could not be read as a request). */
  answerTo(id: unknown): Promise<WireMessage>;
  /** The next notification not yet taken, in arrival order. */
  nextNotification(): Promise<WireMessage>;
  /** Notifications that arrived and were not taken. */
  unreadNotifications(): WireMessage[];
  /** Every message that arrived, in order. */
  all(): WireMessage[];
  close(): Promise<void>;
}

export function openRawPubSubClient(
  url: string,
  options: WebSocket.ClientOptions = {},
): Promise<RawPubSubClient> {
  const socket = new WebSocket(url, options);
  const answers = new Map<unknown, WireMessage>();
  const notifications: WireMessage[] = [];
  const log: WireMessage[] = [];
  const waiters: Array<() => void> = [];
  let nextId = 1;

  socket.on('message', (data) => {
    const text = String(data);
    const json = JSON.parse(text) as Record<string, unknown>;
    log.push({ text, json });
    if ('method' in json) notifications.push({ text, json });
    else answers.set(json.id, { text, json });
    for (const wake of waiters.splice(0)) wake();
  });
  socket.on('close', () => {
    for (const wake of waiters.splice(0)) wake();
  });

  async function until<T>(take: () => T | undefined): Promise<T> {
    for (;;) {
      const value = take();
      if (value !== undefined) return value;
      if (socket.readyState !== WebSocket.OPEN)
        throw new Error('the PubSub socket closed while a test waited on it');
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }

  const client: RawPubSubClient = {
    socket,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    async call(method, params) {
      const id = nextId++;
      client.send({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
      return client.answerTo(id);
    },
    answerTo: (id) =>
      until(() => {
        const answer = answers.get(id);
        answers.delete(id);
        return answer;
      }),
    nextNotification: () => until(() => notifications.shift()),
    unreadNotifications: () => [...notifications],
    all: () => [...log],
    close: () =>
      new Promise((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('error', reject);
  });
}

/** Resolves with the first event of the hub that matches; it watches from the call on. */
export function nextHubEvent(hub: PubSubHub, matches: (event: PubSubEvent) => boolean): Promise<PubSubEvent> {
  return new Promise((resolve) => {
    const stop = hub.observe((event) => {
      if (!matches(event)) return;
      stop();
      resolve(event);
    });
  });
}

/** Every event of the hub from the call on. */
export function recordHubEvents(hub: PubSubHub): PubSubEvent[] {
  const events: PubSubEvent[] = [];
  hub.observe((event) => events.push(event));
  return events;
}

/** The id of the next subscription of this kind that the hub registers. */
export async function nextSubscriptionId(hub: PubSubHub, kind: SubscriptionKind): Promise<number> {
  const event = await nextHubEvent(hub, (e) => e.type === 'subscribed' && e.kind === kind);
  if (event.type !== 'subscribed') throw new Error('unreachable: the filter took only subscriptions');
  return event.id;
}
