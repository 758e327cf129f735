import type { Logger } from '../../logger.ts';
/**
 * The thin shell around a worker's `runOnce` (STYLE.md 2): one run at a time, the next one `intervalMs`
 * after the previous ended, so runs never overlap. `stop` waits for the run in flight.
 */
export interface WorkerLoop {
  stop(): Promise<void>;
}

export function startWorkerLoop(options: {
  run: () => Promise<unknown>;
  intervalMs: number;
  log: Logger;
}): WorkerLoop {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  const tick = () => {
    timer = undefined;
    // Through a resolved promise: a run that throws where it is called is a failed run too, not an
    // exception out of the timer that would end the loop.
    inFlight = Promise.resolve()
      .then(options.run)
      .then(
        () => undefined,
        (error: unknown) => options.log('worker run failed; retrying on the next interval', error),
      );
    void inFlight.then(() => {
      if (!stopped) timer = setTimeout(tick, options.intervalMs);
    });
  };
  timer = setTimeout(tick, 0);

  return {
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      await inFlight;
    },
  };
}
