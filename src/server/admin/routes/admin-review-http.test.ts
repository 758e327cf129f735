import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { newWallet } from '../../../../test/support/admin-fixtures.ts';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { systemEvents } from '../../db/schema/index.ts';
import { recordSystemEvent } from '../../operations-log/system-events.ts';
import type { AdminUserRow } from '../admin-accounts.ts';
import { FLAG_ACTION_ERRORS } from '../queries/flag-actions.ts';
import { EVENT_NOT_FOUND, RESOLVE_EVENT_NOTE_REQUIRED } from '../queries/resolve-event.ts';
import { expectActionRecorded, postAction } from '../test-support/admin-action-checks.ts';
import { type AdminBed, signedIn, startAdminApp } from '../test-support/admin-app-bed.ts';

describeEachDatabase('flags and system events resolved over HTTP', (target) => {
  let h: AdminBed;
  let cookie: string;
  let admin: AdminUserRow;
  const post = (url: string, body: unknown) => postAction(h, cookie, url, body);
  const expectRecorded = (action: string, targetText: string) =>
    expectActionRecorded(target.db, admin, action, targetText);

  beforeAll(async () => {
    h = await startAdminApp(target.db);
    ({ cookie, admin } = await signedIn(h, target.db));
    return () => h.app.close();
  });

  it('flag-wallet and resolve-flag: the flag row, listed, resolved with who and how; bad input is 400, unknown 404', async () => {
    const wallet = await newWallet();
    const bad = await post('/flag-wallet', { walletAddress: wallet, reason: 'bot', severity: 'huge' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: FLAG_ACTION_ERRORS.invalidSeverity });
    const flagged = await post('/flag-wallet', {
      walletAddress: wallet,
      reason: 'plays like a bot',
      severity: 'high',
      evidence: { games: 40 },
    });
    expect(flagged.statusCode, flagged.body).toBe(200);
    const flag = flagged.json() as { id: string };
    expect(flag).toMatchObject({
      walletAddress: wallet,
      severity: 'high',
      isActive: true,
      flaggedBy: admin.email,
    });
    await expectRecorded('flag_wallet', wallet);
    const listed = await h.app.inject({
      url: '/api/admin/flagged-wallets?unresolved=1',
      headers: { cookie },
    });
    expect((listed.json() as { items: { id: string }[] }).items.map((f) => f.id)).toContain(flag.id);

    expect((await post('/resolve-flag', { flagId: flag.id })).json()).toEqual({
      error: FLAG_ACTION_ERRORS.resolutionRequired,
    });
    const unknown = await post('/resolve-flag', { flagId: randomUUID(), resolution: 'fine' });
    expect(unknown.statusCode).toBe(404);
    const resolved = await post('/resolve-flag', { flagId: flag.id, resolution: 'a human after all' });
    expect(resolved.json()).toMatchObject({
      id: flag.id,
      isActive: false,
      resolvedBy: admin.email,
      resolutionNotes: 'a human after all',
    });
    await expectRecorded('resolve_flag', wallet);
    const open = await h.app.inject({ url: '/api/admin/flagged-wallets?unresolved=1', headers: { cookie } });
    expect((open.json() as { items: { id: string }[] }).items.map((f) => f.id)).not.toContain(flag.id);
    // The flag's alert closes with it, with the same who, when and note: nothing is left unresolved.
    const alerts = await target.db
      .select()
      .from(systemEvents)
      .where(
        and(
          eq(systemEvents.eventType, 'wallet_flagged'),
          sql`${systemEvents.details}->>'walletAddress' = ${wallet}`,
        ),
      );
    expect(alerts).toEqual([
      expect.objectContaining({
        resolvedAt: new Date(h.clock.now()),
        resolvedBy: admin.email,
        resolutionNotes: 'Flag resolved: a human after all',
      }),
    ]);
  });

  it('resolve-event needs a note and sets resolvedAt, resolvedBy and the note; a second call changes nothing; unknown 404, malformed 400', async () => {
    const marker = randomUUID();
    await recordSystemEvent(target.db, {
      severity: 'critical',
      eventType: 'test_alarm',
      message: `alarm ${marker}`,
    });
    const [event] = await target.db
      .select()
      .from(systemEvents)
      .where(eq(systemEvents.message, `alarm ${marker}`));
    if (!event) throw new Error('the event was not written');

    for (const notes of [undefined, '', '   ']) {
      const bare = await post('/resolve-event', {
        eventId: event.id,
        ...(notes === undefined ? {} : { notes }),
      });
      expect(bare.statusCode).toBe(400);
      expect(bare.json()).toEqual({ error: RESOLVE_EVENT_NOTE_REQUIRED });
    }
    const [still] = await target.db.select().from(systemEvents).where(eq(systemEvents.id, event.id));
    expect(still?.resolvedAt).toBeNull();

    const first = await post('/resolve-event', { eventId: event.id, notes: 'RPC provider rotated the key' });
    expect(first.statusCode, first.body).toBe(200);
    const resolvedAt = new Date(h.clock.now()).toISOString();
    const resolution = {
      id: event.id,
      resolvedAt,
      resolvedBy: admin.email,
      resolutionNotes: 'RPC provider rotated the key',
    };
    expect(first.json()).toMatchObject(resolution);
    await expectRecorded('resolve_event', event.id);

    h.clock.advance(60_000);
    const second = await post('/resolve-event', { eventId: event.id, notes: 'again' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject(resolution);

    const unknown = await post('/resolve-event', { eventId: randomUUID(), notes: 'n' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: EVENT_NOT_FOUND });
    const malformed = await post('/resolve-event', { eventId: 'one', notes: 'n' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'A valid event id is required' });
  });
});
