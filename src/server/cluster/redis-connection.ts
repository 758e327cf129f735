import { type ChainableCommander, Redis } from 'ioredis';

/**
 * The Redis client of cluster mode, made from REDIS_URL. Guarantees: the URL is checked first (redis:// or
 * rediss://, with a clear error that never shows its password); connecting gives up after a bounded time
 * with a RedisUnavailableError naming the address; once connected, a command sent while Redis is down
 * fails at once (no offline queue) or after `commandTimeoutMs` at worst, never hanging, so a new search
 * gets a clear error while Redis is away and the client keeps reconnecting in the background.
 */

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export class RedisUrlError extends Error {
  constructor(received: string) {
    super(`REDIS_URL must be a redis:// or rediss:// URL such as ${DEFAULT_REDIS_URL} (got ${received})`);
    this.name = 'RedisUrlError';
  }
}

export class RedisUnavailableError extends Error {
  constructor(
    readonly address: string,
    cause: unknown,
  ) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`Redis at ${address} is unreachable: ${why}`, { cause });
    this.name = 'RedisUnavailableError';
  }
}

export interface RedisTarget {
  url: string;
  /** host:port and scheme, without user or password: safe to log and to show. */
  address: string;
}

/** Checks REDIS_URL. The error repeats the value only when it holds no password. */
export function parseRedisUrl(raw: string): RedisTarget {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RedisUrlError(raw.includes('@') ? '[hidden]' : JSON.stringify(raw));
  }
  const shown = () => JSON.stringify(`${url.protocol}//${url.host}${url.pathname}`);
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw new RedisUrlError(shown());
  if (!url.hostname) throw new RedisUrlError(shown());
  if (url.pathname !== '' && url.pathname !== '/' && !/^\/\d{1,2}$/.test(url.pathname)) {
    throw new RedisUrlError(`${shown()}: the path may only be a database number such as /0`);
  }
  return { url: raw, address: `${url.protocol}//${url.host}` };
}

export interface RedisConnectOptions {
  /** Give up connecting after this long (default 2 s). */
  connectTimeoutMs?: number;
  /** A command with no reply after this long fails (default 2 s). */
  commandTimeoutMs?: number;
  /** CLIENT SETNAME, to tell the nodes apart in CLIENT LIST. */
  connectionName?: string;
}

/**
 * Connects and waits until Redis answers. Rejects with RedisUnavailableError within about
 * `connectTimeoutMs` when it cannot, and leaves no reconnecting client behind.
 */
export async function connectRedis(target: RedisTarget, options: RedisConnectOptions = {}): Promise<Redis> {
  const connectTimeoutMs = options.connectTimeoutMs ?? 2_000;
  const client = new Redis(target.url, {
    lazyConnect: true,
    connectTimeout: connectTimeoutMs,
    commandTimeout: options.commandTimeoutMs ?? 2_000,
    // While Redis is down, commands fail at once instead of waiting in a queue for it to return.
    enableOfflineQueue: false,
    // A command whose connection dropped fails and is never sent again: Redis may have run it already,
    // and a second run of a pairing script would take a second pair out of the queue.
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    // Keep trying in the background once connected; the first connection is bounded below.
    retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 5), 2_000),
    ...(options.connectionName ? { connectionName: options.connectionName } : {}),
  });
  // Errors are reported to the caller through rejected commands; without a listener ioredis prints them.
  client.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${connectTimeoutMs} ms`)),
          connectTimeoutMs + 500,
        );
      }),
    ]);
    return client;
  } catch (error) {
    client.disconnect();
    throw new RedisUnavailableError(target.address, error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs Redis commands, turning "Redis is away" failures into a RedisUnavailableError naming the address,
 * so callers (a new search) can answer one clear error. Other errors pass through unchanged. A write that
 * failed this way may or may not have run (its reply may be what was lost); it never runs twice.
 */
export async function whileReachable<T>(client: Redis, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isRedisUnavailable(error) || error instanceof RedisUnavailableError) throw error;
    const { host, port, tls } = client.options;
    throw new RedisUnavailableError(`${tls ? 'rediss' : 'redis'}://${host}:${port}`, error);
  }
}

/**
 * Sends a pipeline or MULTI and returns its replies, throwing the first failed command's error (as
 * RedisUnavailableError when Redis is away): ioredis reports those inside the replies, not by rejecting.
 */
export function runBatch(client: Redis, batch: ChainableCommander): Promise<unknown[]> {
  return whileReachable(client, async () =>
    ((await batch.exec()) ?? []).map(([error, value]) => {
      if (error) throw error;
      return value;
    }),
  );
}

/** Whether an error means Redis could not be reached (as opposed to a refused or wrong command). */
export function isRedisUnavailable(error: unknown): boolean {
  if (error instanceof RedisUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  return /enableOfflineQueue|Connection is closed|Command timed out|MaxRetriesPerRequest|ECONNREFUSED|ECONNRESET|ETIMEDOUT/i.test(
    `${error.name} ${error.message}`,
  );
}
