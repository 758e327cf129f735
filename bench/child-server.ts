import type { ChildProcess } from 'node:child_process';

/** A server the bench started as a child process: its URL, and a stop that waits for it to exit. */
export interface ChildServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Waits until the child prints the line `listening` matches (its first group is the URL), then hands back
 * the server; rejects with the child's last output if it exits first or takes longer than `timeoutMs`.
 * `stop` sends SIGTERM, then SIGKILL after 20 s, and runs `cleanUp` once the child has exited.
 */
export async function childServer(
  child: ChildProcess,
  options: { name: string; listening: RegExp; timeoutMs: number; cleanUp?: () => Promise<void> },
): Promise<ChildServer> {
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`${options.name} did not start within ${options.timeoutMs / 1000} s:\n${output}`)),
      options.timeoutMs,
    );
    const read = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      const listening = options.listening.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve(listening[1]!);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${options.name} exited (${code}) before listening:\n${output}`));
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(forced);
      await options.cleanUp?.();
    },
  };
}
