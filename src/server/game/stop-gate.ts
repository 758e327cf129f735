/** The longest a stop waits for a result being written or a search being opened. */
export const STOP_WAIT_MS = 5_000;

/**
 * What a stop of the game server waits for, and how long (RELIABILITY 25, 30). A stop wakes a result write
 * waiting between retries at once (`stopped`), lets a findMatch already under way open its search first so
 * the settlement closes it (`track`), and never waits longer than STOP_WAIT_MS for either: a write that
 * hangs on a database that is gone does not hold the process.
 */
export function createStopGate() {
  let wake = () => {};
  const stopped = new Promise<void>((resolve) => {
    wake = resolve;
  });
  const underWay = new Set<Promise<void>>();
  return {
    /** Resolves when the stop begins. */
    stopped,
    stop: () => wake(),
    /** Work the stop waits for (a findMatch under way, or the refund of one refused). */
    track(work: Promise<void>): Promise<void> {
      const tracked = work.finally(() => underWay.delete(tracked));
      underWay.add(tracked);
      return tracked;
    },
    underWay: (): Array<Promise<void>> => [...underWay],
  };
}

/** Waits until `work` has settled, or STOP_WAIT_MS has passed (a real-time bound: it stops the process). */
export async function settledWithin(work: ReadonlyArray<Promise<unknown>>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, STOP_WAIT_MS);
    timer.unref?.();
  });
  await Promise.race([Promise.allSettled(work), bound]);
  clearTimeout(timer);
}
