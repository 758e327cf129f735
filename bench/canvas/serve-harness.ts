import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, preview } from 'vite';

/**
 * Builds the game-screen harness (bench/canvas) with the app's own Vite plugins, production mode, into a
 * temporary folder and serves it on a free local port.
 */
export interface CanvasHarness {
  url: string;
  close(): Promise<void>;
}

export async function startCanvasHarness(): Promise<CanvasHarness> {
  const root = import.meta.dirname;
  const outDir = await mkdtemp(path.join(tmpdir(), 'canvas-harness-'));
  const common = { configFile: false as const, root, logLevel: 'warn' as const };
  await build({ ...common, plugins: [react(), tailwindcss()], build: { outDir, emptyOutDir: true } });
  const server = await preview({
    ...common,
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const address = server.httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/`,
    async close() {
      await server.close();
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
