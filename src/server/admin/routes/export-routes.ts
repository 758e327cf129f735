import { Readable } from 'node:stream';
import { z } from 'zod';
import { EXPORT_KINDS, EXPORT_SEARCH_ERROR, exportRange } from '../../../common/api/admin-exports.ts';
import type { RouteOf } from '../../route-schemas.ts';
import type { AdminRoutes } from '../admin-context.ts';
import { allow, ROLES } from '../admin-roles.ts';
import { csvLine } from '../exports/csv.ts';
import { exportHeader, exportLines } from '../exports/export-rows.ts';

/**
 * `?from=` and `?to=`, read by exportRange (common/api/admin-exports.ts), which words each refusal; `?search=`, the
 * search of the tab the export was asked from, so the file holds the rows that tab shows.
 */
const EXPORT_QUERY = z.object({
  from: z.unknown().optional(),
  to: z.unknown().optional(),
  search: z.string().max(200).optional(),
});

/**
 * GET /api/admin/export/{transactions|games}.csv?from=YYYY-MM-DD&to=YYYY-MM-DD[&search=term] (common/api/admin-exports.ts),
 * owner and admin only. Streamed: rows are read a page at a time and written to the reply as they come, never
 * built in memory. Each export is a system event naming who, what, the range, the rows and their lamports,
 * written once the last row is out (or when the download stops, with how far it got).
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
        const lines = async function* () {
          let rows = 0;
          let lamports = 0n;
          let complete = false;
          try {
            yield csvLine(exportHeader(kind));
            for await (const line of exportLines(db, kind, { ...range, search })) {
              rows += 1;
              lamports += line.lamports;
              yield csvLine(line.values);
            }
            complete = true;
          } finally {
            await recordAction(request, {
              action: `export_${kind}`,
              message: `Exported ${rows} ${kind} from ${from} to ${to}${search ? ` matching '${search}'` : ''} (CSV${complete ? '' : ', stopped before the end'})`,
              details: { kind, from, to, search, rows, totalLamports: lamports.toString(), complete },
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
