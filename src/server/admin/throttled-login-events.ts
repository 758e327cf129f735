import { eq } from 'drizzle-orm';
import type { Clock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import { systemEvents } from '../db/schema/index.ts';
import { LOGIN_FAILURE_WINDOW_MS } from '../security/login-throttle.ts';
import { ADMIN_EVENT, boundedLoginFields } from './admin-events.ts';

/** A refused attempt, as the login route saw it. */
export interface ThrottledLoginAttempt {
  email: string;
  ip: string;
  userAgent: string | undefined;
  retryAfterSeconds: number;
}

export interface ThrottledLoginEvents {
  /** Counts the attempt into its address's event for the window (the first one of the window writes the row). */
  record(attempt: ThrottledLoginAttempt): Promise<void>;
}

/** Distinct e-mails kept per event: enough to see what was targeted, never a growing list. */
export const THROTTLED_EVENT_MAX_EMAILS = 5;

interface AddressEvent {
  startedAt: number;
  lastAt: number;
  attempts: number;
  emails: string[];
  userAgent: string | null;
  retryAfterSeconds: number;
  /** The row's id once inserted. */
  id: Promise<string>;
  /** The last write queued for the row; an update is queued only when none is waiting to start. */
  last: Promise<void>;
  waiting: Promise<void> | null;
}

/**
 * RELIABILITY 34: refused logins are one system event per client address per window, with a count, the
 * first few e-mails tried and the last (bounded) user agent, so a flood of refused requests writes one row
 * per address instead of one per request. The first refusal of a window inserts the row; later ones update
 * it, at most one update waiting at a time (it writes the latest count when it runs). Addresses live in a
 * bounded map (least recently seen forgotten first: an address forgotten early just starts a new row).
 */
export function createThrottledLoginEvents(deps: {
  db: Database;
  clock: Clock;
  windowMs?: number;
  maxAddresses?: number;
}): ThrottledLoginEvents {
  const { db, clock } = deps;
  const windowMs = deps.windowMs ?? LOGIN_FAILURE_WINDOW_MS;
  const maxAddresses = deps.maxAddresses ?? 10_000;
  const byAddress = new Map<string, AddressEvent>();

  const row = (ip: string, event: AddressEvent) => ({
    message:
      `Admin login from ${ip} refused ${event.attempts} time(s) since ${new Date(event.startedAt).toISOString()}: ` +
      `too many failed attempts (${event.emails.join(', ')})`,
    details: {
      ip,
      email: event.emails[0],
      emails: event.emails,
      attempts: event.attempts,
      userAgent: event.userAgent,
      firstAt: new Date(event.startedAt).toISOString(),
      lastAt: new Date(event.lastAt).toISOString(),
      retryAfterSeconds: event.retryAfterSeconds,
    },
  });

  const start = (ip: string, now: number, fields: ReturnType<typeof boundedLoginFields>, retry: number) => {
    const event: AddressEvent = {
      startedAt: now,
      lastAt: now,
      attempts: 1,
      emails: [fields.email],
      userAgent: fields.userAgent,
      retryAfterSeconds: retry,
      id: Promise.resolve(''),
      last: Promise.resolve(),
      waiting: null,
    };
    event.id = db
      .insert(systemEvents)
      .values({ severity: 'warning', eventType: ADMIN_EVENT.throttledLogin, ...row(ip, event) })
      .returning({ id: systemEvents.id })
      .then(([inserted]) => inserted?.id ?? '');
    // A failed insert fails the requests waiting on it; the next refusal starts the address's event afresh.
    event.id.catch(() => {
      if (byAddress.get(ip) === event) byAddress.delete(ip);
    });
    event.last = event.id.then(() => undefined);
    byAddress.set(ip, event);
    if (byAddress.size > maxAddresses) {
      const oldest = byAddress.keys().next().value;
      if (oldest !== undefined) byAddress.delete(oldest);
    }
    return event.last;
  };

  const update = (ip: string, event: AddressEvent): Promise<void> => {
    if (event.waiting) return event.waiting;
    const run = event.last.then(async () => {
      event.waiting = null;
      const id = await event.id;
      await db.update(systemEvents).set(row(ip, event)).where(eq(systemEvents.id, id));
    });
    event.waiting = run;
    // A failed write fails the requests that waited on it, not the next one.
    event.last = run.catch(() => undefined);
    return run;
  };

  return {
    record(attempt) {
      const now = clock.now();
      const fields = boundedLoginFields(attempt);
      const { ip } = fields;
      const event = byAddress.get(ip);
      if (!event || now - event.startedAt >= windowMs) {
        byAddress.delete(ip);
        return start(ip, now, fields, attempt.retryAfterSeconds);
      }
      // Seen again: it moves to the young end of the map.
      byAddress.delete(ip);
      byAddress.set(ip, event);
      event.attempts += 1;
      event.lastAt = now;
      event.userAgent = fields.userAgent;
      event.retryAfterSeconds = attempt.retryAfterSeconds;
      if (event.emails.length < THROTTLED_EVENT_MAX_EMAILS && !event.emails.includes(fields.email)) {
        event.emails.push(fields.email);
      }
      return update(ip, event);
    },
  };
}
