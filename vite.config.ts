import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkModules } from './scripts/chunk-modules-plugin.ts';

// The browser client. `vite` serves it on :3000 in development and forwards the server's paths to the API
// process; `vite build` writes dist/client, which the server serves in production.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  root: import.meta.dirname,
  publicDir: 'public',
  plugins: [react(), tailwindcss(), chunkModules()],
  build: { outDir: 'dist/client', emptyOutDir: true },
  server: {
    port: 3000,
    strictPort: true,
    // The Host header is kept (no changeOrigin) so that the server sees the page's own host. The sign-in
    // domain comes from configuration: scripts/dev.ts makes http://localhost:3000 the first allowed origin.
    proxy: {
      '/api': { target: apiTarget },
      '/rpc': { target: apiTarget },
      '/ws': { target: apiTarget, ws: true },
    },
  },
});
