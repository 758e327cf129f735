import type { GameData } from '../../common/protocol.ts';
import type { SnapshotBuffer, TimedSnapshot } from './game-api.ts';

export interface WritableSnapshotBuffer extends SnapshotBuffer {
  push(data: GameData, receivedAt: number): void;
  clear(): void;
}

/**
 * The last two server snapshots of the current game with their arrival times (STYLE.md 8): the canvas reads
 * them 60 times a second to interpolate, outside React state.
 */
export function createSnapshotBuffer(): WritableSnapshotBuffer {
  let snapshots: readonly TimedSnapshot[] = [];
  return {
    latest: () => snapshots,
    push(data, receivedAt) {
      const previous = snapshots[snapshots.length - 1];
      // Another game's snapshot never interpolates with this one's.
      snapshots =
        previous && previous.data.id === data.id ? [previous, { data, receivedAt }] : [{ data, receivedAt }];
    },
    clear() {
      snapshots = [];
    },
  };
}
