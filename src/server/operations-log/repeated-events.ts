import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import { systemEvents } from '../db/schema/index.ts';
import type { Severity } from './system-events.ts';

/** How long one event gathers the repeats of its kind and wallet (or address) before a new row starts. */
export const REPEATED_EVENT_WINDOW_MS = 60 * 60_000;
/** Distinct wallets one address may start events for per window and kind; more fold into the address's. */
export const REPEATED_EVENT_WALLETS_PER_ADDRESS = 10;
/** Distinct values kept per sampled detail (signatures, codes...): enough to see what was tried, bounded. */
export const REPEATED_EVENT_MAX_SAMPLES = 5;

/** One refusal as its writer sees it. */
export interface RepeatedEventInput {
  severity: Severity;
  eventType: string;
  /** Whose refusal it is: the wallet, or null for an unknown one (the address then stands for it). */
  walletAddress: string | null;
  /** The client address it came from, when known. */
  ip: string | null;
  /** The message of the row, given how many times it was seen since when. */
  message: (seen: { count: number; firstAt: string }) => string;
  /** The latest refusal's details; the row adds `count`, `firstAt` and `lastAt`. */
  details: Record<string, unknown>;
  /** Details whose distinct values are gathered (at most REPEATED_EVENT_MAX_SAMPLES each) as `samples`. */
  samples?: Record<string, string | null>;
}

export interface RepeatedEvents {
  /** Counts the refusal into its event for the window (the first one of the window writes the row). */
  record(input: RepeatedEventInput): Promise<void>;
}

interface OpenEvent {
  startedAt: number;
  lastAt: number;
  count: number;
  /** The count the row holds as last written. */
  written: number;
  input: RepeatedEventInput;
  samples: Record<string, string[]>;
  /** The row's id once inserted. */
  id: Promise<string>;
  /** The last write queued for the row; an update is queued only when none is waiting to start. */
  last: Promise<void>;
  waiting: Promise<void> | null;
}

/** A bounded map, least recently touched forgotten first: forgetting early only starts a new row. */
function touch<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

/**
 * RELIABILITY 39: a refusal a stranger can repeat at will (a paid search without a payment, from a
 * restricted country...) is one system event per kind and wallet per window, its count, first and last
 * time growing in place, so a flood of refusals writes one row instead of one per request, as refused
 * logins are (throttled-login-events.ts). One address starts events for at most
 * REPEATED_EVENT_WALLETS_PER_ADDRESS wallets per window and kind; more fold into one event of the address,
 * so fresh wallets do not buy fresh rows. An event an admin has resolved stays resolved: the next refusal
 * starts a new row. Per node and in memory (a bounded map): N nodes write at most N rows per key and window.
 */
export function createRepeatedEvents(deps: {
  db: Database;
  clock: Clock;
  windowMs?: number;
  walletsPerAddress?: number;
  maxKeys?: number;
}): RepeatedEvents {
  const { db, clock } = deps;
  const windowMs = deps.windowMs ?? REPEATED_EVENT_WINDOW_MS;
  const walletsPerAddress = deps.walletsPerAddress ?? REPEATED_EVENT_WALLETS_PER_ADDRESS;
  const maxKeys = deps.maxKeys ?? 10_000;
  const open = new Map<string, OpenEvent>();
  /** Per kind and address: the window's start and the wallets it started events for. */
  const byAddress = new Map<string, { startedAt: number; wallets: Set<string> }>();

  const row = (event: OpenEvent) => {
    const firstAt = new Date(event.startedAt).toISOString();
    const samples = Object.keys(event.samples).length > 0 ? { samples: event.samples } : {};
    return {
      severity: event.input.severity,
      eventType: event.input.eventType,
      message: event.input.message({ count: event.count, firstAt }),
      details: {
        ...event.input.details,
        ...samples,
        count: event.count,
        firstAt,
        lastAt: new Date(event.lastAt).toISOString(),
      },
    };
  };

  const sample = (event: OpenEvent, input: RepeatedEventInput, folded: boolean) => {
    // An address's event names the wallets it gathered, a few of them.
    const names = folded ? { ...input.samples, walletAddress: input.walletAddress } : input.samples;
    for (const [name, value] of Object.entries(names ?? {})) {
      if (value === null) continue;
      const seen = event.samples[name] ?? [];
      event.samples[name] = seen;
      if (seen.length < REPEATED_EVENT_MAX_SAMPLES && !seen.includes(value)) seen.push(value);
    }
  };

  /** The event's key: the wallet's, unless its address has started enough wallets' events this window. */
  const keyOf = (input: RepeatedEventInput, now: number): { key: string; folded: boolean } => {
    const addressKey = { key: `${input.eventType}\0address\0${input.ip ?? 'unknown'}`, folded: true };
    if (input.walletAddress === null) return addressKey;
    const walletKey = { key: `${input.eventType}\0wallet\0${input.walletAddress}`, folded: false };
    if (input.ip === null) return walletKey;
    let address = byAddress.get(addressKey.key);
    if (!address || now - address.startedAt >= windowMs) address = { startedAt: now, wallets: new Set() };
    touch(byAddress, addressKey.key, address, maxKeys);
    if (address.wallets.has(input.walletAddress)) return walletKey;
    if (address.wallets.size >= walletsPerAddress) return addressKey;
    address.wallets.add(input.walletAddress);
    return walletKey;
  };

  const start = (
    key: string,
    input: RepeatedEventInput,
    now: number,
    seen: { count: number; folded: boolean },
  ): Promise<void> => {
    const event: OpenEvent = {
      startedAt: now,
      lastAt: now,
      count: seen.count,
      written: seen.count,
      input,
      samples: {},
      id: Promise.resolve(''),
      last: Promise.resolve(),
      waiting: null,
    };
    sample(event, input, seen.folded);
    event.id = db
      .insert(systemEvents)
      .values(row(event))
      .returning({ id: systemEvents.id })
      .then(([inserted]) => inserted?.id ?? '');
    // A failed insert fails the refusals waiting on it; the next one starts the key's event afresh.
    event.id.catch(() => {
      if (open.get(key) === event) open.delete(key);
    });
    event.last = event.id.then(() => undefined);
    touch(open, key, event, maxKeys);
    return event.last;
  };

  const update = (key: string, event: OpenEvent, folded: boolean): Promise<void> => {
    if (event.waiting) return event.waiting;
    const run = event.last.then(async () => {
      event.waiting = null;
      const id = await event.id;
      const count = event.count;
      const updated = await db
        .update(systemEvents)
        .set(row(event))
        .where(and(eq(systemEvents.id, id), isNull(systemEvents.resolvedAt)))
        .returning({ id: systemEvents.id });
      if (updated.length > 0) {
        event.written = count;
        return;
      }
      // Resolved meanwhile: the refusals since the last write are news, so they are a row of their own.
      if (open.get(key) === event) {
        open.delete(key);
        await start(key, event.input, clock.now(), { count: event.count - event.written, folded });
      }
    });
    event.waiting = run;
    // A failed write fails the refusals that waited on it, not the next one.
    event.last = run.catch(() => undefined);
    return run;
  };

  return {
    record(input) {
      const now = clock.now();
      const { key, folded } = keyOf(input, now);
      const event = open.get(key);
      if (!event || now - event.startedAt >= windowMs) {
        open.delete(key);
        return start(key, input, now, { count: 1, folded });
      }
      touch(open, key, event, maxKeys);
      event.count += 1;
      event.lastAt = now;
      event.input = input;
      sample(event, input, folded);
      return update(key, event, folded);
    },
  };
}
