import { eq } from 'drizzle-orm';
import type { Clock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import { systemEvents } from '../db/schema/index.ts';

export const ACCESS_REFUSED_EVENT = 'admin_access_refused';

/** One request a signed-in admin's role may not make (the guard's 403). */
export interface RefusedAccess {
  adminId: string;
  email: string;
  role: string;
  ip: string;
  /** METHOD and the route's path, e.g. 'POST /ban-wallet'. */
  route: string;
}

export interface RefusedAccessEvents {
  record(refused: RefusedAccess): Promise<void>;
}

/** Distinct routes kept per event: enough to see what was tried, never a growing list. */
export const REFUSED_EVENT_MAX_ROUTES = 5;
/** One event per admin per hour, however many refusals it counts. */
export const REFUSED_EVENT_WINDOW_MS = 60 * 60 * 1000;

interface AdminEvent {
  startedAt: number;
  lastAt: number;
  attempts: number;
  routes: string[];
  ip: string;
  id: Promise<string>;
  last: Promise<void>;
  waiting: Promise<void> | null;
}

/**
 * Requests refused for the admin's role are one warning event per admin per window (who, their role, from
 * where, how many, the first few routes tried), so a lower role probing money actions is on the audit trail
 * while a flood of refusals writes one row, not one per request. The first refusal of a window inserts the
 * row; later ones update it, at most one update waiting (it writes the latest count when it runs). Admins
 * live in a bounded map (least recently seen forgotten first: one forgotten early just starts a new row).
 */
export function createRefusedAccessEvents(deps: {
  db: Database;
  clock: Clock;
  windowMs?: number;
  maxAdmins?: number;
}): RefusedAccessEvents {
  const { db, clock } = deps;
  const windowMs = deps.windowMs ?? REFUSED_EVENT_WINDOW_MS;
  const maxAdmins = deps.maxAdmins ?? 1_000;
  const byAdmin = new Map<string, AdminEvent>();

  const row = (refused: RefusedAccess, event: AdminEvent) => ({
    message:
      `Admin ${refused.email} (${refused.role}) was refused ${event.attempts} time(s) since ` +
      `${new Date(event.startedAt).toISOString()}: not allowed for the role (${event.routes.join(', ')})`,
    details: {
      adminId: refused.adminId,
      adminEmail: refused.email,
      by: refused.email,
      role: refused.role,
      ip: event.ip,
      attempts: event.attempts,
      routes: event.routes,
      firstAt: new Date(event.startedAt).toISOString(),
      lastAt: new Date(event.lastAt).toISOString(),
    },
  });

  const start = (refused: RefusedAccess, now: number) => {
    const event: AdminEvent = {
      startedAt: now,
      lastAt: now,
      attempts: 1,
      routes: [refused.route],
      ip: refused.ip,
      id: Promise.resolve(''),
      last: Promise.resolve(),
      waiting: null,
    };
    event.id = db
      .insert(systemEvents)
      .values({ severity: 'warning', eventType: ACCESS_REFUSED_EVENT, ...row(refused, event) })
      .returning({ id: systemEvents.id })
      .then(([inserted]) => inserted?.id ?? '');
    event.id.catch(() => {
      if (byAdmin.get(refused.adminId) === event) byAdmin.delete(refused.adminId);
    });
    event.last = event.id.then(() => undefined);
    byAdmin.set(refused.adminId, event);
    if (byAdmin.size > maxAdmins) {
      const oldest = byAdmin.keys().next().value;
      if (oldest !== undefined) byAdmin.delete(oldest);
    }
    return event.last;
  };

  const update = (refused: RefusedAccess, event: AdminEvent): Promise<void> => {
    if (event.waiting) return event.waiting;
    const run = event.last.then(async () => {
      event.waiting = null;
      const id = await event.id;
      await db.update(systemEvents).set(row(refused, event)).where(eq(systemEvents.id, id));
    });
    event.waiting = run;
    event.last = run.catch(() => undefined);
    return run;
  };

  return {
    record(refused) {
      const now = clock.now();
      const event = byAdmin.get(refused.adminId);
      if (!event || now - event.startedAt >= windowMs) {
        byAdmin.delete(refused.adminId);
        return start(refused, now);
      }
      byAdmin.delete(refused.adminId);
      byAdmin.set(refused.adminId, event);
      event.attempts += 1;
      event.lastAt = now;
      event.ip = refused.ip;
      if (event.routes.length < REFUSED_EVENT_MAX_ROUTES && !event.routes.includes(refused.route)) {
        event.routes.push(refused.route);
      }
      return update(refused, event);
    },
  };
}
