import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * `game/` and `ledger/` know nothing of sockets or HTTP — the
 * gateway and the routes translate between wires and services — and `game/` declares the ports `ledger/`
 * implements, never the reverse. Read from the imports of the product's code: every file the server and
 * `npm run reconcile` load, followed from their entry points, so a file is checked as soon as it is wired
 * in. Test support (a test bed that starts a whole server, say) is not the product and is left out.
 */

const SERVER = path.dirname(fileURLToPath(import.meta.url));
const SRC = path.dirname(SERVER);
const ENTRY_POINTS = ['main.ts', 'cli/reconcile-cli.ts'].map((file) => path.join(SERVER, file));
const WIRES = ['gateway', 'http'].map((dir) => path.join(SERVER, dir));
/** Packages that are sockets themselves. */
const SOCKET_PACKAGES = ['ws', '@fastify/websocket'];

/** Every module a file imports or re-exports, type-only and dynamic imports included. */
function importsOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((i) => i.fileName);
}

/** The file a relative specifier names (this code base writes the extension; index files are allowed). */
function resolve(from: string, spec: string): string {
  const base = path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(existsSync) ?? base;
}

/** The source files loaded from the entry points, followed import by import. */
function productFiles(): Set<string> {
  const seen = new Set<string>();
  const next = [...ENTRY_POINTS];
  for (let file = next.pop(); file; file = next.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of importsOf(file)) {
      if (!spec.startsWith('.')) continue;
      const target = resolve(file, spec);
      if (within(target, SRC) && existsSync(target)) next.push(target);
    }
  }
  return seen;
}

const within = (target: string, dir: string) => target === dir || target.startsWith(dir + path.sep);

/** `file → specifier` for each import of `files` that lands in one of `dirs` or is one of `packages`. */
function forbiddenImports(files: string[], dirs: string[], packages: string[] = []): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((spec) =>
        spec.startsWith('.') ? dirs.some((dir) => within(resolve(file, spec), dir)) : packages.includes(spec),
      )
      .map((spec) => `${path.relative(SERVER, file)} → ${spec}`),
  );
}

describe('the server layers import one way (ARCHITECTURE)', () => {
  const product = [...productFiles()];
  const ledger = product.filter((file) => within(file, path.join(SERVER, 'ledger')));
  const game = product.filter((file) => within(file, path.join(SERVER, 'game')));
  const names = (files: string[]) => files.map((file) => path.relative(SERVER, file));

  it('the import scan follows the product from its entry points (so an empty answer below means something)', () => {
    expect(names(product)).toEqual(
      expect.arrayContaining(['gateway/notifications.ts', 'http/app.ts', 'ledger/reconcile/reconcile.ts']),
    );
    expect(names(ledger)).toContain('ledger/wire-money.ts');
    expect(names(game)).toEqual(expect.arrayContaining(['game/game-ports.ts', 'game/game-server.ts']));
    expect(names(product).filter((name) => name.endsWith('.test.ts'))).toEqual([]);
  });

  it('no file of ledger/ or game/ imports from gateway/ or http/, or a socket package', () => {
    expect(forbiddenImports([...ledger, ...game], WIRES, SOCKET_PACKAGES)).toEqual([]);
  });

  it('game/ imports nothing of ledger/ (money implements the game’s ports)', () => {
    expect(forbiddenImports(game, [path.join(SERVER, 'ledger')])).toEqual([]);
  });
});
