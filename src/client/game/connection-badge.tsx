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

/** The channel is down (closed, in its grace, or given up): no round trip is current. */
export function isOffline(connection: ConnectionInfo): boolean {
  return connection.status === 'pendingDisconnect' || connection.status === 'lost';
}

export const OFFLINE_TEXT = 'offline';

/** The latency readout: the last round trips while the link is up, 'offline' once it is down. */
export function latencyText(connection: ConnectionInfo): string {
  return isOffline(connection) ? OFFLINE_TEXT : formatLatency(connection.pingMs);
}

/**
 * SPEC §2/§4's badge, and the loss: while the channel is down no bar is lit and the latency reads 'offline'
 * (the last round trip says nothing of a link that is gone), with 'Reconnecting...' while it tries.
 */
export function ConnectionBadge({ connection }: { connection: ConnectionInfo }) {
  const offline = isOffline(connection);
  const lit = offline ? 0 : QUALITY_BARS[connection.quality];
  const reconnecting =
    connection.status === 'pendingDisconnect' || (connection.status === 'lost' && connection.retrying);
  return (
    <div
      role="status"
      aria-label={offline ? 'Connection: offline' : `Connection quality: ${connection.quality}`}
      data-quality={offline ? OFFLINE_TEXT : connection.quality}
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
      <span className={offline ? 'text-red-400' : 'text-slate-200'}>{latencyText(connection)}</span>
      {reconnecting && <span className="animate-pulse text-yellow-300">Reconnecting...</span>}
    </div>
  );
}
