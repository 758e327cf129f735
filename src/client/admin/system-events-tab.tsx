import { createColumnHelper } from '@tanstack/react-table';
import {
  type AdminSystemEventRow,
  adminSystemEventRowSchema,
  type SystemEventSeverity as EventSeverity,
} from '../../common/api/admin-rows.ts';
import { DateText, SeverityBadge } from './admin-cells.tsx';
import { BUTTON } from './admin-dialog.tsx';
import { useAdminCan } from './admin-role.ts';
import { DataTable } from './data-table.tsx';
import { useAdminAction } from './use-admin-action.ts';
import { useAdminList } from './use-admin-list.ts';

export interface EventsFilter {
  severity: EventSeverity | '';
  unresolved: boolean;
}

const SEVERITIES: EventSeverity[] = ['critical', 'error', 'warning', 'other'];

function ResolveEventButton({ event }: { event: AdminSystemEventRow }) {
  const action = useAdminAction('resolveEvent');
  const can = useAdminCan('act');
  if (event.resolvedAt) return <DateText value={event.resolvedAt} />;
  if (!can) return null;
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

/** Logins, admin actions, payment and payout trouble, house balance alerts... filterable, each resolvable. */
export function SystemEventsTab({
  filter,
  onFilterChange,
}: {
  filter: EventsFilter;
  onFilterChange(filter: EventsFilter): void;
}) {
  const list = useAdminList(adminSystemEventRowSchema, '/system-events', {
    severity: filter.severity,
    unresolved: filter.unresolved,
  });
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
            className="rounded border border-slate-600 bg-slate-900 px-2 py-1 text-slate-100"
          >
            <option value="">All</option>
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {s}
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
