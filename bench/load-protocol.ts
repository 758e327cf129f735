import type { SampleCounts } from './sample-histogram.ts';

/** What the bench tells a load process over IPC. */
export type ToLoad =
  | { type: 'start'; baseUrl: string; bots: number; seed: number }
  | { type: 'measure' }
  | { type: 'collect' }
  | { type: 'stop' };

/** What a load process reports. */
export type FromLoad =
  | { type: 'progress'; started: number; failed: number; playing: number; firstFailure: string | null }
  | {
      type: 'figures';
      players: number;
      seconds: number;
      down: number;
      up: number;
      snapshots: number;
      gamesOver: number;
      echo: SampleCounts;
      gaps: SampleCounts;
      errors: Array<[string, number]>;
    };
