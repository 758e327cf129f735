import type { Redis } from 'ioredis';
import type { z } from 'zod';
import type { Logger } from '../logger.ts';
import { whileReachable } from './redis-connection.ts';
import type { RedisKeys } from './redis-keys.ts';

/**
 * Typed Redis pub/sub between nodes (ban broadcasts, wallet notifications). Guarantees:
 * - a message is JSON checked against its channel's schema on both sides: `publish` refuses one its
 *   receivers would refuse, and a malformed message received (bad JSON, wrong shape) is logged and
 *   dropped, never handed on and never thrown;
 * - a handler that throws or rejects is logged; the other handlers and later messages still run.
 * Redis pub/sub delivers at most once to the nodes subscribed at that moment: what must survive a node
 * or a Redis outage (the bans themselves, the ledger) lives in PostgreSQL, and these messages only say
 * "act now". The subscriber connection is given over to pub/sub (Redis allows nothing else on it).
 */

export interface ChannelSpec<T> {
  /** Channel name, under the key prefix. */
  name: string;
  /** Parses the received JSON value into a message. */
  schema: z.ZodType<T>;
  /** The message as a JSON value that `schema` parses back into it. */
  toWire(message: T): unknown;
}

export interface ClusterChannel<T> {
  /** Sends to every subscribed node (this one included); resolves to how many connections received it. */
  publish(message: T): Promise<number>;
  /** Resolves once subscribed; the returned function stops this handler. */
  subscribe(handler: (message: T) => void | Promise<void>): Promise<() => Promise<void>>;
}

export interface ClusterPubSub {
  channel<T>(spec: ChannelSpec<T>): ClusterChannel<T>;
  /** Stops listening (the connections are the caller's to close). */
  close(): Promise<void>;
}

export function createClusterPubSub({
  publisher,
  subscriber,
  keys,
  log,
}: {
  publisher: Redis;
  subscriber: Redis;
  keys: RedisKeys;
  log: Logger;
}): ClusterPubSub {
  /** Channels with handlers: how to read a message, and the SUBSCRIBE every handler waits for. */
  const listening = new Map<
    string,
    {
      read: (text: string) => unknown;
      handlers: Set<(message: unknown) => void>;
      subscribed: Promise<unknown>;
    }
  >();
  const onMessage = (channel: string, text: string) => {
    const entry = listening.get(channel);
    if (!entry) return;
    const message = entry.read(text);
    if (message === undefined) return;
    for (const handle of entry.handlers) handle(message);
  };
  subscriber.on('message', onMessage);

  return {
    channel<T>(spec: ChannelSpec<T>): ClusterChannel<T> {
      const channel = keys.channel(spec.name);
      const receive = (text: string): T | undefined => {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          log(`pub/sub ${spec.name}: dropped a message that is not JSON (${text.length} characters)`);
          return undefined;
        }
        const parsed = spec.schema.safeParse(json);
        if (parsed.success) return parsed.data;
        const where = parsed.error.issues.map((i) => i.path.join('.') || '(root)').join(', ');
        log(`pub/sub ${spec.name}: dropped a malformed message (wrong or missing: ${where})`);
        return undefined;
      };
      return {
        async publish(message) {
          const wire = spec.toWire(message);
          const check = spec.schema.safeParse(wire);
          if (!check.success) {
            throw new Error(`pub/sub ${spec.name}: refusing to publish a malformed message`, {
              cause: check.error,
            });
          }
          return whileReachable(publisher, () => publisher.publish(channel, JSON.stringify(wire)));
        },
        async subscribe(handler) {
          let entry = listening.get(channel);
          if (!entry) {
            const subscribed = whileReachable(subscriber, () => subscriber.subscribe(channel));
            entry = { read: receive, handlers: new Set(), subscribed };
            listening.set(channel, entry);
          }
          const handle = (message: unknown) => {
            Promise.resolve()
              .then(() => handler(message as T))
              .catch((error: unknown) => log(`pub/sub ${spec.name}: a handler failed`, error));
          };
          entry.handlers.add(handle);
          const stop = async () => {
            const current = listening.get(channel);
            if (!current?.handlers.delete(handle) || current.handlers.size > 0) return;
            listening.delete(channel);
            await whileReachable(subscriber, () => subscriber.unsubscribe(channel));
          };
          try {
            await entry.subscribed;
          } catch (error) {
            await stop().catch(() => {});
            throw error;
          }
          return stop;
        },
      };
    },
    async close() {
      subscriber.off('message', onMessage);
      const channels = [...listening.keys()];
      listening.clear();
      if (channels.length > 0) await whileReachable(subscriber, () => subscriber.unsubscribe(...channels));
    },
  };
}
