import type { ReactElement } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminOverview } from '../../common/api/admin-views.ts';
import { formatSol } from '../../common/format.ts';

type Daily = AdminOverview['daily'];

/** Tick labels filled, not stroked (a stroke on text smears it); the axis line is drawn apart from them. */
const TICK = { fill: '#cbd5e1', fontSize: 11 };
const AXIS_LINE = { stroke: '#475569' };
const TOOLTIP_STYLE = { background: '#020617', border: '1px solid #22d3ee', fontSize: 11 };

/** 'YYYY-MM-DD' → 'Nov 27' (SPEC's US English short month and day) for the axis. */
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Both charts' axes: the days below, the amounts or counts at the left. */
const DAY_AXIS = {
  dataKey: 'day',
  tickFormatter: shortDay,
  tick: TICK,
  axisLine: AXIS_LINE,
  tickLine: AXIS_LINE,
  interval: 'preserveStartEnd',
  minTickGap: 16,
} as const;
const VALUE_AXIS = { tick: TICK, axisLine: AXIS_LINE, tickLine: AXIS_LINE } as const;

function Chart({ title, children }: { title: string; children: ReactElement }) {
  return (
    <figure className="min-w-0 rounded-lg border border-slate-700 bg-slate-950/80 p-3">
      <figcaption className="mb-2 font-bold text-green-300 text-xs">{title}</figcaption>
      <div className="h-52 w-full">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** Volume (SOL of entry fees) and games per day over the last 30 days; loaded only with the Overview. */
export default function OverviewCharts({ daily }: { daily: Daily }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="overview-charts">
      <Chart title="Volume per day (SOL)">
        <BarChart data={daily} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#1e293b" vertical={false} />
          <XAxis {...DAY_AXIS} />
          <YAxis {...VALUE_AXIS} width={48} allowDecimals />
          <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(value) => [formatSol(Number(value)), 'Volume']} />
          <Bar dataKey="volumeSol" fill="#22d3ee" isAnimationActive={false} />
        </BarChart>
      </Chart>
      <Chart title="Games per day">
        <BarChart data={daily} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#1e293b" vertical={false} />
          <XAxis {...DAY_AXIS} />
          <YAxis {...VALUE_AXIS} width={32} allowDecimals={false} />
          <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(value) => [String(value), 'Games']} />
          <Bar dataKey="games" fill="#4ade80" isAnimationActive={false} />
        </BarChart>
      </Chart>
    </div>
  );
}
