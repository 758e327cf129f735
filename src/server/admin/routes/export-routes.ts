import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  EXPORT_KINDS,
  EXPORT_SEARCH_ERROR,
  type ExportKind,
  exportRange,
} from '../../../common/api/admin-exports.ts';
import { filterQueryParams } from '../../../common/api/admin-list-filters.ts';
import { countOf } from '../../../common/format.ts';
import type { RouteOf } from '../../route-schemas.ts';
import type { AdminRoutes } from '../admin-context.ts';
import { allow, ROLES } from '../admin-roles.ts';
import { csvLine } from '../exports/csv.ts';
import { type ExportRequest, exportHeader, exportLines } from '../exports/export-rows.ts';
import { gameFilterQuery, transactionFilterQuery } from './route-input.ts';

/**
 * `?from=` and `?to=`, read by exportRange (common/api/admin-exports.ts), which words each refusal; `?search=`, the
 * search of the tab the export was asked from, so the file holds the rows that tab shows. The tab's filters
 * are read beside them as its list reads them (route-input.ts), refused alike.
 */
const EXPORT_QUERY = z.object({
  from: z.unknown().optional(),
  to: z.unknown().optional(),
  search: z.string().max(200).optional(),
});

interface ExportDays {
  search: string | null;
  createdFrom: Date;
  createdBefore: Date;
}

/** The rows an export holds: its days and search, and its tab's filters (also as text, for the record). */
function exportAsked(
  kind: ExportKind,
  query: unknown,
  days: ExportDays,
): { asked: ExportRequest; filters: Record<string, string> } {
  if (kind === 'transactions') {
    const filter = transactionFilterQuery(query);
    return { asked: { kind, filter: { ...filter, ...days } }, filters: filterQueryParams(filter) };
  }
  const filter = gameFilterQuery(query);
  return { asked: { kind, filter: { ...filter, ...days } }, filters: filterQueryParams(filter) };
}

/**
 * GET /api/admin/export/{transactions|games}.csv?from=YYYY-MM-DD&to=YYYY-MM-DD[&search=term][&the tab's filters]
 * (common/api/admin-exports.ts, common/api/admin-list-filters.ts),
 * owner and admin only. Streamed: rows are read a page at a time and written to the reply as they come, never
 * built in memory. Each export is a system event naming who, what, the range, the search and filters, the rows
 * and their lamports, written once the last row is out (or when the download stops, with how far it got).
 */
export const exportRoutes: AdminRoutes = (scope, { db, recordAction }) => {
  for (const kind of EXPORT_KINDS) {
    scope.get<RouteOf<{ querystring: typeof EXPORT_QUERY }, unknown>>(
      `/export/${kind}.csv`,
      allow(ROLES.act),
      async (request, reply) => {
        const query = EXPORT_QUERY.safeParse(request.query);
        if (!query.success) return reply.code(400).send({ error: EXPORT_SEARCH_ERROR });
        const { from, to } = query.data;
        const range = exportRange(from, to);
        if (!range.ok) return reply.code(400).send({ error: range.error });
        const search = query.data.search?.trim() ? query.data.search.trim() : null;
        const { asked, filters } = exportAsked(kind, request.query, {
          search,
          createdFrom: range.start,
          createdBefore: range.end,
        });
        const filtered = Object.entries(filters).map(([name, value]) => `${name}=${value}`);
        const lines = async function* () {
          let rows = 0;
          let lamports = 0n;
          let complete = false;
          try {
            yield csvLine(exportHeader(kind));
            for await (const line of exportLines(db, asked)) {
              rows += 1;
              lamports += line.lamports;
              yield csvLine(line.values);
            }
            complete = true;
          } finally {
            await recordAction(request, {
              action: `export_${kind}`,
              message: `Exported ${countOf(rows, kind.slice(0, -1))} (${lamports} lamports) from ${from} to ${to}${search ? ` matching '${search}'` : ''}${filtered.length > 0 ? ` filtered by ${filtered.join(', ')}` : ''} (CSV${complete ? '' : ', stopped before the end'})`,
              details: {
                kind,
                from,
                to,
                search,
                filters,
                rows,
                totalLamports: lamports.toString(),
                complete,
              },
            });
          }
        };
        reply
          .type('text/csv; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${kind}-${from}-to-${to}.csv"`);
        return reply.send(Readable.from(lines()));
      },
    );
  }
};
