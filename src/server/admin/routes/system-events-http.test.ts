import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { adminSystemEventRowSchema } from '../../../common/api/admin-rows.ts';
import { systemEventSummarySchema } from '../../../common/api/system-event-summary.ts';
import { pageOf } from '../../../common/api/wire-values.ts';
import { recordSystemEvent, type Severity } from '../../operations-log/system-events.ts';
import { EVENT_NOT_RESOLVABLE } from '../queries/resolve-event.ts';
import { postAction } from '../test-support/admin-action-checks.ts';
import { type AdminBed, signedIn, startAdminApp } from '../test-support/admin-app-bed.ts';

const eventsPage = pageOf(adminSystemEventRowSchema);

describeEachDatabase(
  'system events triage over HTTP: type filter, counts, what can be resolved',
  (target) => {
    let h: AdminBed;
    let cookie: string;
    const get = (url: string) => h.app.inject({ url: `/api/admin${url}`, headers: { cookie } });
    const events = async (query: string) => {
      const res = await get(`/system-events?limit=200&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return eventsPage.parse(res.json()).items;
    };
    const summary = async () => systemEventSummarySchema.parse((await get('/system-events/summary')).json());
    let n = 0;
    /** A new event of its own type, so tests sharing the database count only their own. */
    const seed = async (severity: Severity, eventType = `test_${severity}_${++n}`) => {
      await recordSystemEvent(target.db, { severity, eventType, message: `${severity} ${n}` });
      const [row] = await events(`type=${eventType}`);
      if (!row) throw new Error(`no ${eventType} event`);
      return row;
    };

    beforeAll(async () => {
      h = await startAdminApp(target.db);
      ({ cookie } = await signedIn(h, target.db));
      return () => h.app.close();
    });

    it('?type= keeps one event type, with ?severity= too; a malformed type is 400', async () => {
      const type = 'payout_retry_test';
      await seed('warning', type);
      await seed('error', type);
      await seed('warning', 'other_type_test');
      expect((await events(`type=${type}`)).map((e) => [e.eventType, e.severity])).toEqual([
        [type, 'error'],
        [type, 'warning'],
      ]);
      expect((await events(`type=${type}&severity=warning`)).map((e) => e.severity)).toEqual(['warning']);
      expect(await events('type=never_written')).toEqual([]);
      for (const bad of ['Server Started', 'a'.repeat(65), "x'or", 'x&type=y']) {
        const res = await get(`/system-events?type=${encodeURIComponent(bad)}`);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json<{ error: string }>().error).toMatch(/type/);
      }
    });

    it('the summary lists every distinct type once, sorted, for the filter', async () => {
      await seed('other', 'zz_summary_test');
      await seed('other', 'zz_summary_test');
      const { types } = await summary();
      expect(types.filter((t) => t === 'zz_summary_test')).toHaveLength(1);
      expect(types).toEqual([...types].sort());
      expect(types).toContain('admin_login_succeeded');
    });

    it('an informational event cannot be resolved: 409 with a clear error, and it stays unresolved', async () => {
      const info = await seed('other', 'server_started');
      const res = await postAction(h, cookie, '/resolve-event', { eventId: info.id, notes: 'looked at it' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: EVENT_NOT_RESOLVABLE });
      expect((await events('type=server_started')).find((e) => e.id === info.id)?.resolvedAt).toBeNull();
    });

    it.each(['warning', 'error', 'critical'] as const)(
      'a %s is resolvable: the unresolved count drops by one when it is resolved, and ?unresolved=1 lists it until then',
      async (severity) => {
        const before = await summary();
        const event = await seed(severity);
        await seed('other');
        const open = await summary();
        expect(open.unresolved[severity]).toBe(before.unresolved[severity] + 1);
        expect(open.unresolvedTotal).toBe(before.unresolvedTotal + 1);
        const awaiting = await events('unresolved=1');
        expect(awaiting.map((e) => e.id)).toContain(event.id);
        expect(awaiting.every((e) => e.severity !== 'other' && e.resolvedAt === null)).toBe(true);

        const res = await postAction(h, cookie, '/resolve-event', { eventId: event.id, notes: 'dealt with' });
        expect(res.statusCode, res.body).toBe(200);
        const after = await summary();
        expect(after.unresolved[severity]).toBe(before.unresolved[severity]);
        expect(after.unresolvedTotal).toBe(before.unresolvedTotal);
        expect((await events('unresolved=1')).map((e) => e.id)).not.toContain(event.id);
      },
    );
  },
);
