import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { recordSystemEvent } from '../operations-log/system-events.ts';

export const SERVER_EVENTS = { started: 'server_started', stopped: 'server_stopped' } as const;

/** Start and stop of this server process, as system events. A failed write is logged. */
export function recordServerLifecycle(
  db: Database,
  what: 'started' | 'stopped',
  details: Record<string, unknown>,
  log: Logger,
): Promise<void> {
  return recordSystemEvent(db, {
    severity: 'other',
    eventType: SERVER_EVENTS[what],
    message: what === 'started' ? 'Server started' : 'Server stopping: in-flight work finished',
    details: { pid: process.pid, ...details },
  }).catch((error: unknown) => log(`recording the server ${what} event failed`, error));
}
