/**
 * `npm run dev`: the server with reload (tsx watch) on API_PORT (3001) and Vite with hot reload on 3000,
 * proxying /api, /ws and /rpc to the server. Ctrl-C stops both.
 */
import { type ChildProcess, spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: Record<string, string>): void {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    console.warn(`${command} ${args.join(' ')} exited with ${code}`);
    shutdown(code ?? 1);
  });
  children.push(child);
}

function shutdown(code: number): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

run('npx', ['tsx', 'watch', 'src/server/main.ts'], {
  PORT: apiPort,
  ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS ?? 'http://localhost:3000,http://127.0.0.1:3000',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
});
run('npx', ['vite', '--port', '3000', '--strictPort'], { API_PORT: apiPort });

process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
