import type { PeerVariant } from './peers/colyseus/peer-types.ts';
import type { SampleCounts } from './sample-histogram.ts';

/** What the bench tells a load process over IPC; `peer` names a Colyseus room to play, not the product. */
export type ToLoad =
  | {
      type: 'start';
      baseUrl: string;
      bots: number;
      seed: number;
      peer: PeerVariant | null;
      /** The round trip added to every other product bot (bench/bot.ts `addedRttMs`); 0 for none. */
      rttMs: number;
    }
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
      messages: number;
      frames: number;
      gamesOver: number;
      drawn: SampleCounts;
      drawnRtt: SampleCounts;
      echo: SampleCounts;
      gaps: SampleCounts;
      errors: Array<[string, number]>;
      /** Cluster mode, since the bots started: those that followed a match to its node, and each move's ms. */
      movedPlayers: number;
      moves: SampleCounts;
    };
