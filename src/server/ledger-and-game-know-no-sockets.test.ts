import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 8 fault 15 (ARCHITECTURE, Layout): `game/` and `ledger/` know nothing of sockets or HTTP — the
 * gateway and the routes translate between wires and services — and `game/` declares the ports `ledger/`
 * implements, never the reverse. Read from the source files' imports, so a new file is checked too.
 */

const SERVER = path.dirname(fileURLToPath(import.meta.url));
const WIRES = ['gateway', 'http'].map((dir) => path.join(SERVER, dir));
/** Packages that are sockets themselves. */
const SOCKET_PACKAGES = ['ws', '@fastify/websocket'];

/** The product files of a folder, recursively; tests may start a whole server and are left out. */
function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every module a file imports or re-exports, type-only and dynamic imports included. */
function importsOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((i) => i.fileName);
}

const within = (target: string, dir: string) => target === dir || target.startsWith(dir + path.sep);

/** `file → specifier` for each import of `files` that lands in one of `dirs` or is one of `packages`. */
function forbiddenImports(files: string[], dirs: string[], packages: string[] = []): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((spec) =>
        spec.startsWith('.')
          ? dirs.some((dir) => within(path.resolve(path.dirname(file), spec), dir))
          : packages.includes(spec),
      )
      .map((spec) => `${path.relative(SERVER, file)} → ${spec}`),
  );
}

describe('issue 8 fault 15: the server layers import one way (ARCHITECTURE)', () => {
  const ledger = productFiles(path.join(SERVER, 'ledger'));
  const game = productFiles(path.join(SERVER, 'game'));

  it('the import scan sees the files and their imports (so an empty answer below means something)', () => {
    expect(ledger.map((f) => path.basename(f))).toContain('wire-money.ts');
    expect(game.map((f) => path.basename(f))).toContain('game-ports.ts');
    expect(importsOf(path.join(SERVER, 'ledger', 'wire-money.ts'))).toContain('./match-money.ts');
  });

  it('issue 8 fault 15: no file of ledger/ or game/ imports from gateway/ or http/, or a socket package', () => {
    expect(forbiddenImports([...ledger, ...game], WIRES, SOCKET_PACKAGES)).toEqual([]);
  });

  it('issue 8 fault 15: game/ imports nothing of ledger/ (money implements the game’s ports)', () => {
    expect(forbiddenImports(game, [path.join(SERVER, 'ledger')])).toEqual([]);
  });
});
