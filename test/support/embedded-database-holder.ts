import { type ChildProcess, spawn } from 'node:child_process';
import { packageRoot } from '../../src/server/package-root.ts';

/** Another process that holds the embedded database of a data folder open, as a running server does. */
export interface DatabaseHolder {
  pid: number;
  /** Ends it by SIGKILL (kill -9), as a crash would: none of its code runs. */
  kill(): Promise<void>;
}

/** Starts a process that opens the embedded database in `dataDir` (as `openedBy`) and holds it until killed. */
export function holdEmbeddedDatabase(dataDir: string, openedBy: string): Promise<DatabaseHolder> {
  const script = `
    import('./src/server/db/open-database.ts').then(async ({ openDatabase }) => {
      await openDatabase({ dataDir: ${JSON.stringify(dataDir)}, openedBy: ${JSON.stringify(openedBy)} });
      console.log('open');
      setInterval(() => {}, 60_000);
    });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: packageRoot(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('open')) resolve({ pid: child.pid ?? 0, kill: () => killed(child) });
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) =>
      reject(new Error(`the holding process ended (${code}) before it opened: ${output}`)),
    );
  });
}

function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
