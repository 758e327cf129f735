import type { TimerHandle, Timers } from '../game-channel/timers.ts';

/** The game controller's one-shot timers, by name: starting one again replaces it. */
export type ControllerTimerName =
  | 'findMatch'
  | 'reconnect'
  | 'cancelBackup'
  | 'overlay'
  | 'window'
  | 'opponentFound'
  | 'go';

const NAMES: readonly ControllerTimerName[] = [
  'findMatch',
  'reconnect',
  'cancelBackup',
  'overlay',
  'window',
  'opponentFound',
  'go',
];

export interface ControllerTimers {
  /** Runs `run` in `ms`, replacing a pending timer of that name. */
  later(name: ControllerTimerName, ms: number, run: () => void): void;
  cancel(name: ControllerTimerName): void;
  cancelAll(): void;
  isPending(name: ControllerTimerName): boolean;
}

export function createControllerTimers(timers: Timers): ControllerTimers {
  const pending = new Map<ControllerTimerName, TimerHandle>();
  const cancel = (name: ControllerTimerName) => {
    if (pending.has(name)) timers.clearTimeout(pending.get(name));
    pending.delete(name);
  };
  return {
    later(name, ms, run) {
      cancel(name);
      pending.set(
        name,
        timers.setTimeout(() => {
          pending.delete(name);
          run();
        }, ms),
      );
    },
    cancel,
    cancelAll: () => {
      for (const name of NAMES) cancel(name);
    },
    isPending: (name) => pending.has(name),
  };
}
