import { useQuery } from '@tanstack/react-query';
import { RESOLVABLE_SEVERITIES } from '../../common/api/admin-rows.ts';
import { type SystemEventSummary, systemEventSummarySchema } from '../../common/api/system-event-summary.ts';
import { SeverityBadge } from './admin-cells.tsx';
import { useAdminFetch } from './admin-fetch.ts';
import { ADMIN_KEY } from './use-admin-list.ts';

const SUMMARY_PATH = '/system-events/summary';

/**
 * The event types and the unresolved counts. Its key starts with ADMIN_KEY, so resolving an event (any admin
 * action) refetches it with the list, and the counts stay true.
 */
export function useEventSummary() {
  const api = useAdminFetch();
  return useQuery({
    queryKey: [ADMIN_KEY, SUMMARY_PATH],
    queryFn: ({ signal }) => api.get(systemEventSummarySchema, SUMMARY_PATH, {}, signal),
  });
}

/** 'Unresolved: 4 — 1 critical · 0 error · 3 warning': what awaits triage, each severity a filter. */
export function UnresolvedCounts({
  summary,
  onShow,
}: {
  summary: SystemEventSummary | undefined;
  onShow(severity: (typeof RESOLVABLE_SEVERITIES)[number]): void;
}) {
  if (!summary) return null;
  return (
    <p data-testid="unresolved-counts" className="flex flex-wrap items-center gap-2">
      <span>
        Unresolved: <strong className="text-slate-100">{summary.unresolvedTotal}</strong>
      </span>
      {RESOLVABLE_SEVERITIES.map((severity) => (
        <button
          key={severity}
          type="button"
          aria-label={`${summary.unresolved[severity]} unresolved ${severity}`}
          onClick={() => onShow(severity)}
          className="flex items-center gap-1 hover:opacity-80"
        >
          <SeverityBadge severity={severity} />
          <span>{summary.unresolved[severity]}</span>
        </button>
      ))}
    </p>
  );
}
