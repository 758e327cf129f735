import { useState } from 'react';
import { type ExportKind, exportPath, exportRange } from '../../common/api/admin-exports.ts';
import { ADMIN_API } from './admin-fetch.ts';
import { useAdminCan } from './admin-role.ts';

/** The first of this month and today, as UTC days: the default range of an export. */
function thisMonth(now: number): { from: string; to: string } {
  const today = new Date(now).toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

interface ExportFormProps {
  kind: ExportKind;
  /** The tab's search (the page's search box): the file holds the rows the tab shows for it. */
  search?: string;
  /** The tab's filters as the list's API parameters: the file is narrowed as the tab is. */
  filters?: Readonly<Record<string, string>>;
  now?: number;
}

/**
 * A date range and a link that downloads the tab's rows as CSV (owner and admin; the server streams it and
 * records the export), narrowed by the tab's search and filters as the tab is. A range the server would
 * refuse is explained here instead of offering the link.
 */
export function ExportCsvForm({
  kind,
  search = '',
  filters = NO_FILTERS,
  now = Date.now(),
}: ExportFormProps) {
  // Support and viewer would only get the server's 403 (as a downloaded file): they are not offered it.
  return useAdminCan('act') ? (
    <ExportRangeForm kind={kind} search={search} filters={filters} now={now} />
  ) : null;
}

const NO_FILTERS: Readonly<Record<string, string>> = {};

/** The link's words: what the file holds beyond the days. */
function linkText(search: string, filtered: boolean): string {
  const matching = search.trim() ? ` matching '${search.trim()}'` : '';
  return `Export CSV${matching}${filtered ? `${matching ? ',' : ''} filtered as shown` : ''}`;
}

function ExportRangeForm({ kind, search, filters, now }: Required<ExportFormProps>) {
  const [range, setRange] = useState(() => thisMonth(now));
  const checked = exportRange(range.from, range.to);
  const input = (field: 'from' | 'to', label: string) => (
    <label className="flex items-center gap-1">
      {label}
      <input
        type="date"
        aria-label={`Export ${field}`}
        value={range[field]}
        onChange={(e) => setRange({ ...range, [field]: e.target.value })}
        className="rounded border border-slate-600 bg-slate-900 px-2 py-1 text-slate-200"
      />
    </label>
  );
  return (
    <div
      data-testid={`export-${kind}`}
      className="mb-3 flex flex-wrap items-center gap-3 text-slate-300 text-xs"
    >
      {input('from', 'From')}
      {input('to', 'To')}
      {checked.ok ? (
        <a
          href={`${ADMIN_API}${exportPath(kind, range.from, range.to, search, filters)}`}
          download
          className="rounded border border-green-400 px-3 py-1 font-bold text-green-200 hover:bg-green-400/15"
        >
          {linkText(search, Object.keys(filters).length > 0)}
        </a>
      ) : (
        <span role="alert" className="text-red-300">
          {checked.error}
        </span>
      )}
      <span className="text-slate-500">UTC days, both included</span>
    </div>
  );
}
