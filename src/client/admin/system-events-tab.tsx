import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import {
  type AdminSystemEventRow,
  adminSystemEventRowSchema,
  type SystemEventSeverity as EventSeverity,
  isResolvableSeverity,
  SYSTEM_EVENT_SEVERITIES,
} from '../../common/api/admin-rows.ts';
import { DateText, SeverityBadge } from './admin-cells.tsx';
import { BUTTON } from './admin-dialog.tsx';
import { useAdminCan } from './admin-role.ts';
import { DataTable } from './data-table.tsx';
import { FilterSelect } from './filter-select.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
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

/** An event type as the address may name it: the operations log's snake_case names, bounded. */
const EVENT_TYPE = /^[a-z0-9_]{1,64}$/;

/**
 * The filter the address holds (`/admin/system-events?severity=critical&type=ip_banned&unresolved=1`), so a
 * reload, Back or a shared link shows the same events; a value that is no filter is ignored.
 */
export function eventsFilterOf(query: URLSearchParams): EventsFilter {
  const severity = query.get('severity') ?? '';
  const type = query.get('type') ?? '';
  return {
    severity: (SYSTEM_EVENT_SEVERITIES as readonly string[]).includes(severity)
      ? (severity as EventSeverity)
      : '',
    type: EVENT_TYPE.test(type) ? type : '',
    unresolved: query.get('unresolved') === '1',
  };
}

/** The filter as the address's parameters (empty ones are left out of the address). */
export function eventsFilterParams(filter: EventsFilter): Record<string, string> {
  return { severity: filter.severity, type: filter.type, unresolved: filter.unresolved ? '1' : '' };
}

/** Who resolved an event, when, and the note they left. */
function Resolution({ event }: { event: AdminSystemEventRow }) {
  return (
    <span className="flex min-w-40 max-w-xs flex-col gap-0.5 break-words">
      <DateText value={event.resolvedAt} />
      {event.resolvedBy && <span className="text-slate-400">by {event.resolvedBy}</span>}
      {event.resolutionNotes && <span className="text-slate-300">{event.resolutionNotes}</span>}
    </span>
  );
}

/**
 * A warning or worse is resolved once, with a note of what was done (the dialog asks for it; nothing is sent
 * without one); an informational event is a record and offers nothing to resolve.
 */
function ResolveEventButton({ event }: { event: AdminSystemEventRow }) {
  const action = useAdminAction('resolveEvent');
  const can = useAdminCan('act');
  const [open, setOpen] = useState(false);
  if (event.resolvedAt) return <Resolution event={event} />;
  if (!isResolvableSeverity(event.severity)) {
    return (
      <span className="text-slate-500" title="Informational: nothing to resolve">
        -
      </span>
    );
  }
  if (!can) return null;
  return (
    <>
      <button
        type="button"
        aria-label={`Resolve event ${event.id}`}
        disabled={action.isPending}
        onClick={() => setOpen(true)}
        className={`${BUTTON.small} border-green-500 text-green-300 hover:bg-green-950`}
      >
        Resolve
      </button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={`Resolve: ${event.eventType}`}
        description={event.message}
        label="Note"
        confirmLabel="Resolve"
        onSubmit={(notes) => action.mutateAsync({ eventId: event.id, notes })}
      />
    </>
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
        <FilterSelect
          label="Severity"
          value={filter.severity}
          options={SYSTEM_EVENT_SEVERITIES}
          onChange={(severity) =>
            onFilterChange({ ...filter, severity: severity as EventsFilter['severity'] })
          }
        />
        <FilterSelect
          label="Type"
          value={filter.type}
          options={types}
          onChange={(type) => onFilterChange({ ...filter, type })}
        />
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
