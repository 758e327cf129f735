// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DateText } from './admin-cells.tsx';
import { ADMIN_TIME_ZONE_KEY, AdminTimeZoneProvider, TimeZoneSwitch } from './admin-time-zone.tsx';

/**
 * The back-office's times name their zone: UTC unless the operator switches to their own, a choice this
 * browser keeps. The process runs in a zone other than UTC here, so a time read in the viewer's zone
 * without saying so would show.
 */
describe('back-office times and their zone', () => {
  const zoneBefore = process.env.TZ;
  const AT = '2026-03-09T15:04:00.000Z';
  const panel = () =>
    render(
      <AdminTimeZoneProvider>
        <TimeZoneSwitch />
        <DateText value={AT} />
      </AdminTimeZoneProvider>,
    );
  beforeEach(() => {
    process.env.TZ = 'America/Sao_Paulo';
    window.localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    process.env.TZ = zoneBefore;
  });

  it('read in UTC by default, the zone named', () => {
    panel();
    expect(screen.getByText('Mar 9, 2026, 03:04 PM UTC')).toBeTruthy();
    expect(screen.getByTestId('admin-time-zone').textContent).toBe('Times: UTC');
  });

  it("the switch shows the operator's own zone, named, and the browser keeps the choice", () => {
    panel();
    fireEvent.click(screen.getByTestId('admin-time-zone'));
    expect(screen.getByText('Mar 9, 2026, 12:04 PM GMT-3')).toBeTruthy();
    expect(screen.getByTestId('admin-time-zone').textContent).toBe('Times: America/Sao_Paulo');
    expect(window.localStorage.getItem(ADMIN_TIME_ZONE_KEY)).toBe('local');
    cleanup();
    panel();
    expect(screen.getByText('Mar 9, 2026, 12:04 PM GMT-3')).toBeTruthy();
    fireEvent.click(screen.getByTestId('admin-time-zone'));
    expect(screen.getByText('Mar 9, 2026, 03:04 PM UTC')).toBeTruthy();
  });

  it('a time outside any provider (a lone cell) is UTC too', () => {
    render(<DateText value={AT} />);
    expect(screen.getByText('Mar 9, 2026, 03:04 PM UTC')).toBeTruthy();
  });
});
