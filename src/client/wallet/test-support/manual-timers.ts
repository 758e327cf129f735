/** A timer queue a test runs by hand (advance), so time-based rules are tested without sleeping. */
export function manualTimers() {
  const queue: { at: number; run: () => void; id: number }[] = [];
  let now = 0;
  let next = 1;
  return {
    setTimeout: (run: () => void, ms: number): unknown => {
      const id = next++;
      queue.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout: (id: unknown) => {
      const i = queue.findIndex((t) => t.id === id);
      if (i >= 0) queue.splice(i, 1);
    },
    advance(ms: number) {
      now += ms;
      for (const t of queue.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)) {
        queue.splice(queue.indexOf(t), 1);
        t.run();
      }
    },
    pending: () => queue.length,
  };
}
