// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../test-support/render-app.tsx';
import { eventRow } from './test-support/admin-rows.ts';
import { EVENT_SUMMARY, fakeAdminApi, page } from './test-support/fake-admin-api.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openEvents() {
  renderApp('/admin');
  await screen.findByTestId('admin-role');
  await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'System Events' })));
}

const lastEventsQuery = (api: ReturnType<typeof fakeAdminApi>) =>
  api.to('GET', '/api/admin/system-events').at(-1)?.query;

describe('System Events triage', () => {
  it('an informational event offers no Resolve; a warning, an error and a critical one do', async () => {
    fakeAdminApi({
      'GET /api/admin/system-events': jsonResponse(
        200,
        page([
          eventRow({ id: 'ev-info', severity: 'other', eventType: 'server_started' }),
          eventRow({ id: 'ev-warn', severity: 'warning' }),
          eventRow({ id: 'ev-err', severity: 'error' }),
          eventRow({ id: 'ev-crit', severity: 'critical' }),
        ]),
      ),
    });
    await openEvents();
    await screen.findByRole('button', { name: 'Resolve event ev-crit' });
    expect(screen.getByRole('button', { name: 'Resolve event ev-warn' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resolve event ev-err' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resolve event ev-info' })).toBeNull();
  });

  it('the type filter offers the distinct types and sends ?type=; All sends none', async () => {
    const api = fakeAdminApi();
    await openEvents();
    const select = await screen.findByLabelText('Type');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All', ...EVENT_SUMMARY.types]),
    );
    expect(lastEventsQuery(api)?.has('type')).toBe(false);
    fireEvent.change(select, { target: { value: 'server_started' } });
    await waitFor(() => expect(lastEventsQuery(api)?.get('type')).toBe('server_started'));
    fireEvent.change(screen.getByLabelText('Severity'), { target: { value: 'warning' } });
    await waitFor(() => expect(lastEventsQuery(api)?.get('severity')).toBe('warning'));
    expect(lastEventsQuery(api)?.get('type')).toBe('server_started');
    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() => expect(lastEventsQuery(api)?.has('type')).toBe(false));
  });

  it('the unresolved counts show per severity with their total; a count filters the list to it', async () => {
    const api = fakeAdminApi();
    await openEvents();
    const counts = await screen.findByTestId('unresolved-counts');
    expect(counts.textContent).toContain('Unresolved: 5');
    await act(async () =>
      fireEvent.click(within(counts).getByRole('button', { name: '2 unresolved warning' })),
    );
    await waitFor(() => expect(lastEventsQuery(api)?.get('severity')).toBe('warning'));
    expect(lastEventsQuery(api)?.get('unresolved')).toBe('1');
  });

  it('resolving an event refetches the counts, which then say one fewer', async () => {
    let resolved = false;
    const api = fakeAdminApi({
      'GET /api/admin/system-events': () => jsonResponse(200, page([eventRow({ severity: 'warning' })])),
      'GET /api/admin/system-events/summary': () =>
        jsonResponse(200, {
          ...EVENT_SUMMARY,
          unresolved: { ...EVENT_SUMMARY.unresolved, warning: resolved ? 1 : 2 },
          unresolvedTotal: resolved ? 4 : 5,
        }),
      'POST /api/admin/resolve-event': () => {
        resolved = true;
        return jsonResponse(200, eventRow({ severity: 'warning', resolvedAt: '2026-11-23T11:00:00.000Z' }));
      },
    });
    await openEvents();
    await waitFor(() =>
      expect(screen.getByTestId('unresolved-counts').textContent).toContain('Unresolved: 5'),
    );
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Resolve event ev-1' })));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Handled' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve' })));
    await waitFor(() =>
      expect(screen.getByTestId('unresolved-counts').textContent).toContain('Unresolved: 4'),
    );
    expect(screen.getByRole('button', { name: '1 unresolved warning' })).toBeTruthy();
    expect(api.to('GET', '/api/admin/system-events/summary').length).toBeGreaterThanOrEqual(2);
  });
});
