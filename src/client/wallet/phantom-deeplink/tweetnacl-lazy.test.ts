import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The tweetnacl package is never part of a first visit. Vite puts in the first-visit chunks exactly
 * what the entry reaches through static imports, so this walks those imports from the page's entry script
 * (type-only imports are erased; `import()` starts a lazy chunk) and checks tweetnacl is not among them,
 * while the deep-link code does reach it through its dynamic import.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const ENTRY = 'src/client/main.tsx';

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveLocal(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  }
  return null;
}

/** Every module reached from `entry` by static imports: local files and bare package names. */
function staticGraph(entry: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const dynamic = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(DYNAMIC_IMPORT)) if (specifier) dynamic.add(specifier);
    for (const [, specifier] of source.matchAll(STATIC_IMPORT)) {
      if (!specifier) continue;
      if (specifier.startsWith('.')) {
        const resolved = resolveLocal(file, specifier);
        if (resolved) visit(resolved);
      } else {
        packages.add(specifier);
      }
    }
  };
  visit(path.join(root, entry));
  return { files, packages, dynamic };
}

describe('tweetnacl loads only on the Phantom deep-link paths', () => {
  it('the first visit (static imports from the entry) does not reach tweetnacl', () => {
    const first = staticGraph(ENTRY);
    // The walk is real: it reaches React and the wallet provider the first page renders.
    expect(first.packages.has('react')).toBe(true);
    expect([...first.files].some((f) => f.endsWith('wallet/wallet-provider.tsx'))).toBe(true);
    expect([...first.packages].filter((p) => p.startsWith('tweetnacl'))).toEqual([]);
    expect([...first.files].filter((f) => f.includes('phantom-deeplink'))).toEqual([]);
  });

  it('the wallet controller reaches the deep-link code, which imports tweetnacl only dynamically', () => {
    const controller = staticGraph('src/client/wallet/wallet-controller.ts');
    expect([...controller.files].some((f) => f.endsWith('phantom-deeplink/phantom-crypto.ts'))).toBe(true);
    expect(controller.packages.has('tweetnacl')).toBe(false);
    expect(controller.dynamic.has('tweetnacl')).toBe(true);
    // And the walker does see a static tweetnacl import where there is one (its own test support).
    expect(
      staticGraph('src/client/wallet/phantom-deeplink/test-support/simulated-phantom.ts').packages.has(
        'tweetnacl',
      ),
    ).toBe(true);
  });
});
