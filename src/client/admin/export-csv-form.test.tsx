// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { EXPORT_RANGE_ERRORS } from '../../common/api/admin-exports.ts';
import { ExportCsvForm } from './export-csv-form.tsx';

afterEach(cleanup);
const NOW = Date.UTC(2026, 10, 27, 15);

it('offers this month by default as a CSV download of the tab', () => {
  render(<ExportCsvForm kind="games" now={NOW} />);
  const link = screen.getByRole('link', { name: 'Export CSV' });
  expect(link.getAttribute('href')).toBe('/api/admin/export/games.csv?from=2026-11-01&to=2026-11-27');
  expect(link.hasAttribute('download')).toBe(true);
});

it('a range the server would refuse is explained instead of offering the link', () => {
  render(<ExportCsvForm kind="transactions" now={NOW} />);
  fireEvent.change(screen.getByLabelText('Export from'), { target: { value: '2026-11-28' } });
  expect(screen.queryByRole('link')).toBeNull();
  expect(screen.getByRole('alert').textContent).toBe(EXPORT_RANGE_ERRORS.reversed);
  fireEvent.change(screen.getByLabelText('Export from'), { target: { value: '2026-11-02' } });
  expect(screen.getByRole('link').getAttribute('href')).toBe(
    '/api/admin/export/transactions.csv?from=2026-11-02&to=2026-11-27',
  );
});
