import { z } from 'zod';
import type { ResolvableSeverity } from './admin-rows.ts';
import { count } from './wire-values.ts';

/** The event types the filter offers: lower-case words joined by underscores, as every writer names them. */
export const EVENT_TYPE_PATTERN = /^[a-z0-9_]{1,64}$/;

/**
 * GET /api/admin/system-events/summary: what the System Events tab shows above the list. `types` are the
 * distinct event types stored (the type filter's choices); `unresolved` counts, per severity an operator
 * triages, the events nobody has resolved yet, and `unresolvedTotal` their sum.
 */
export const systemEventSummarySchema = z.object({
  types: z.array(z.string()),
  unresolved: z.object({ critical: count, error: count, warning: count } satisfies Record<
    ResolvableSeverity,
    typeof count
  >),
  unresolvedTotal: count,
});
export type SystemEventSummary = z.infer<typeof systemEventSummarySchema>;
