import type { ConnectionQuality } from '../../common/connection-quality.ts';
import type { ConnectionInfo } from '../state/game-api.ts';

/** SPEC §2/§4: four bars lit by quality (excellent 4 … poor 1), the latency, and 'Reconnecting...'. */
export const QUALITY_BARS: Record<ConnectionQuality, number> = { excellent: 4, good: 3, fair: 2, poor: 1 };

const LIT: Record<ConnectionQuality, string> = {
  excellent: 'bg-green-400',
  good: 'bg-lime-300',
  fair: 'bg-yellow-300',
  poor: 'bg-red-500',
};
const HEIGHTS = ['h-1', 'h-2', 'h-3', 'h-4'] as const;

export function formatLatency(pingMs: number | null): string {
  return pingMs === null || !Number.isFinite(pingMs) ? '-- ms' : `${Math.round(pingMs)} ms`;
}

export function ConnectionBadge({ connection }: { connection: ConnectionInfo }) {
  const lit = QUALITY_BARS[connection.quality];
  const reconnecting = connection.status === 'pendingDisconnect';
  return (
    <div
      role="status"
      aria-label={`Connection quality: ${connection.quality}`}
      data-quality={connection.quality}
      className="flex items-center gap-2 rounded border border-slate-700 bg-slate-950/80 px-2 py-1 text-xs"
    >
      <span aria-hidden="true" className="flex h-4 items-end gap-0.5">
        {HEIGHTS.map((height, i) => (
          <span
            key={height}
            data-lit={i < lit}
            className={`w-1.5 ${height} ${i < lit ? LIT[connection.quality] : 'bg-slate-700'}`}
          />
        ))}
      </span>
      <span className="text-slate-200">{formatLatency(connection.pingMs)}</span>
      {reconnecting && <span className="animate-pulse text-yellow-300">Reconnecting...</span>}
    </div>
  );
}
