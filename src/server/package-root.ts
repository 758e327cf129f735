import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding package.json, found by walking up from this file, so paths to drizzle/ and
 * dist/client resolve the same whether the server runs from src (tsx, vitest) or from dist/server.
 */
export function packageRoot(from: string = import.meta.url): string {
  let dir = path.dirname(fileURLToPath(from));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(from)}`);
    dir = parent;
  }
}
