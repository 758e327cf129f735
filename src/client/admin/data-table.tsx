import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Spinner } from '../ui/spinner.tsx';
import type { AdminList } from './use-admin-list.ts';

export interface DataTableProps<Row> {
  /** The table's accessible name, e.g. 'Transactions'. */
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column (react-table's own idiom)
  columns: ColumnDef<Row, any>[];
  list: AdminList<Row>;
  rowId: (row: Row) => string;
  /** SPEC §8, e.g. 'Failed to fetch transactions'. */
  errorText: string;
  emptyText: string;
}

/**
 * The back-office table (SPEC §2): the body scrolls at 600 px, 'Load more' fetches the next page through
 * the list's cursor, and loading, empty and error states say so.
 */
export function DataTable<Row>({ label, columns, list, rowId, errorText, emptyText }: DataTableProps<Row>) {
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), getRowId: rowId });

  if (list.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 p-4 text-slate-400 text-sm">
        <Spinner /> Loading...
      </p>
    );
  }
  if (list.isError && rows.length === 0) {
    return (
      <p role="alert" className="rounded border border-red-500/60 bg-red-950/60 p-4 text-red-200 text-sm">
        {errorText}
        <span className="block text-red-300/70 text-xs">{list.error.message}</span>
      </p>
    );
  }
  if (rows.length === 0) return <p className="p-4 text-slate-400 text-sm">{emptyText}</p>;

  return (
    <div>
      <div
        data-testid={`table-scroll-${label}`}
        className="max-h-[600px] overflow-auto rounded border border-slate-700"
      >
        <table aria-label={label} className="w-full border-collapse text-left text-xs">
          <thead className="sticky top-0 z-10 bg-slate-900 text-cyan-300">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="whitespace-nowrap px-2 py-2 font-bold">
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                className="border-slate-800 border-t odd:bg-slate-950/60 hover:bg-slate-800/60"
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-2 py-2 align-top text-slate-200">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-2 flex items-center justify-between gap-3 text-slate-400 text-xs">
        <span>
          {rows.length} {rows.length === 1 ? 'row' : 'rows'}
          {list.hasNextPage ? ' (more available)' : ''}
        </span>
        {list.isError && (
          <span role="alert" className="text-red-300">
            {errorText}
          </span>
        )}
        {list.hasNextPage && (
          <button
            type="button"
            disabled={list.isFetchingNextPage}
            onClick={() => list.fetchNextPage()}
            className="rounded border border-cyan-400 px-3 py-1 text-cyan-200 hover:bg-cyan-950 disabled:opacity-50"
          >
            {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </button>
        )}
      </div>
    </div>
  );
}
