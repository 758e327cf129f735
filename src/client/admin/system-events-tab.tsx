import { createColumnHelper } from '@tanstack/react-table';
import {
  type AdminSystemEventRow,
  adminSystemEventRowSchema,
  type SystemEventSeverity as EventSeverity,
  isResolvableSeverity,
  SYSTEM_EVENT_SEVERITIES,
} from '../../common/api/admin-rows.ts';
import { DateText, SeverityBadge } from './admin-cells.tsx';
import { BUTTON } from './admin-dialog.tsx';
import { DataTable } from './data-table.tsx';
import { UnresolvedCounts, useEventSummary } from './system-events-summary.tsx';
import { useAdminAction } from './use-admin-action.ts';
import { useAdminList } from './use-admin-list.ts';

export interface EventsFilter {
  severity: EventSeverity | '';
  /** One event type, '' for all. */
  type: string;
  /** Awaiting triage: warnings or worse nobody has resolved. */
  unresolved: boolean;
}

export const ALL_EVENTS: EventsFilter = { severity: '', type: '', unresolved: false };

/** A warning or worse is resolved once; an informational event is a record and offers nothing to resolve. */
function ResolveEventButton({ event }: { event: AdminSystemEventRow }) {
  const action = useAdminAction('resolveEvent');
  if (event.resolvedAt) return <DateText value={event.resolvedAt} />;
  if (!isResolvableSeverity(event.severity)) {
    return (
      <span className="text-slate-500" title="Informational: nothing to resolve">
        -
      </span>
    );
  }
  return (
    <button
      type="button"
      aria-label={`Resolve event ${event.id}`}
      disabled={action.isPending}
      onClick={() => action.mutate({ eventId: event.id })}
      className={`${BUTTON.small} border-green-500 text-green-300 hover:bg-green-950`}
    >
      Resolve
    </button>
  );
}

const col = createColumnHelper<AdminSystemEventRow>();

const COLUMNS = [
  col.accessor('createdAt', { header: 'Date', cell: (c) => <DateText value={c.getValue()} /> }),
  col.accessor('severity', { header: 'Severity', cell: (c) => <SeverityBadge severity={c.getValue()} /> }),
  col.accessor('eventType', { header: 'Type' }),
  col.accessor('message', {
    header: 'Message',
    cell: (c) => <span className="block min-w-48 max-w-md break-words">{c.getValue()}</span>,
  }),
  col.display({
    id: 'resolved',
    header: 'Resolved',
    cell: (c) => <ResolveEventButton event={c.row.original} />,
  }),
];

const SELECT = 'rounded border border-slate-600 bg-slate-900 px-2 py-1 text-slate-100';

/**
 * Logins, admin actions, payment and payout trouble, house balance alerts... filterable by severity and
 * type; the warnings and worse are counted until resolved.
 */
export function SystemEventsTab({
  filter,
  onFilterChange,
}: {
  filter: EventsFilter;
  onFilterChange(filter: EventsFilter): void;
}) {
  const list = useAdminList(adminSystemEventRowSchema, '/system-events', {
    severity: filter.severity,
    type: filter.type,
    unresolved: filter.unresolved,
  });
  const summary = useEventSummary();
  // The chosen type stays a choice even before the summary lists it (or once no event of it is left).
  const types = [...new Set([...(summary.data?.types ?? []), ...(filter.type ? [filter.type] : [])])].sort();
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center gap-4 text-slate-300 text-xs">
        <label className="flex items-center gap-2">
          Severity
          <select
            value={filter.severity}
            onChange={(e) =>
              onFilterChange({ ...filter, severity: e.target.value as EventsFilter['severity'] })
            }
            className={SELECT}
          >
            <option value="">All</option>
            {SYSTEM_EVENT_SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2">
          Type
          <select
            value={filter.type}
            onChange={(e) => onFilterChange({ ...filter, type: e.target.value })}
            className={SELECT}
          >
            <option value="">All</option>
            {types.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={filter.unresolved}
            onChange={(e) => onFilterChange({ ...filter, unresolved: e.target.checked })}
          />
          Unresolved only
        </label>
        <UnresolvedCounts
          summary={summary.data}
          onShow={(severity) => onFilterChange({ ...filter, severity, unresolved: true })}
        />
      </div>
      <DataTable
        label="System Events"
        columns={COLUMNS}
        list={list}
        rowId={(r) => r.id}
        errorText="Failed to fetch system events"
        emptyText="No system events match"
      />
    </div>
  );
}
