import { desc, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/database.ts';
import { systemEvents } from '../../db/schema/index.ts';
import type { AdminUserRow } from '../admin-accounts.ts';
import { type AdminBed, ORIGIN } from './admin-app-bed.ts';

/** Test helpers for the admin action routes: a signed-in JSON POST, and the admin event it must leave. */

export function postAction(
  h: AdminBed,
  cookie: string,
  url: string,
  body: unknown,
): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method: 'POST',
    url: `/api/admin${url}`,
    headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

/** Every event an `action` left (a ban's `wallet_banned`, a generic `admin_action`...), newest first. */
export function actionEvents(db: Database, action: string) {
  return db
    .select()
    .from(systemEvents)
    .where(sql`${systemEvents.details}->>'action' = ${action}`)
    .orderBy(desc(systemEvents.createdAt));
}

/** Every event naming `adminId` as its actor, oldest first. */
export function adminEvents(db: Database, adminId: string) {
  return db
    .select()
    .from(systemEvents)
    .where(sql`${systemEvents.details}->>'adminId' = ${adminId}`)
    .orderBy(systemEvents.createdAt);
}

/** The event of the latest call of `action`. */
export async function actionEvent(db: Database, action: string) {
  return (await actionEvents(db, action))[0];
}

/** The events of admin actions of one kind that name `target` anywhere in their details. */
export async function eventsNaming(db: Database, action: string, target: string) {
  return (await actionEvents(db, action)).filter((e) => JSON.stringify(e.details).includes(target));
}

/** The latest `action` was recorded with who (id, e-mail), from which IP, and a message naming the target. */
export async function expectActionRecorded(
  db: Database,
  admin: AdminUserRow,
  action: string,
  targetText: string,
): Promise<void> {
  const event = await actionEvent(db, action);
  expect(event, `no ${action} event`).toBeTruthy();
  expect(event?.message).toContain(targetText);
  expect(event?.message).toContain(admin.email);
  expect(event?.details).toMatchObject({
    action,
    adminEmail: admin.email,
    adminId: admin.id,
    ip: '127.0.0.1',
  });
}
