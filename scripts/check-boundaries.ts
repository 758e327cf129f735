import { cruise, format, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describeFolderCycle, folderCycles, type ModuleImport } from './folder-cycles.ts';

/**
 * `npm run deps`: the import rules of .dependency-cruiser.cjs over src/, through dependency-cruiser's API
 * (its command line refuses Node versions it does not list; the API runs on every Node the project does),
 * then the folder-level cycle rule (`no-folder-cycle`, scripts/folder-cycles.ts) over the same cruise.
 * Prints each forbidden import and each cycle, and exits non-zero when there is one.
 */
const config = await extractDepcruiseConfig('./.dependency-cruiser.cjs');
const cruised = await cruise(
  ['src'],
  { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden ?? [] }, outputType: 'json' },
  {},
  { tsConfig: extractTSConfig('tsconfig.json') },
);
const result = JSON.parse(String(cruised.output)) as ICruiseResult;
const rules = await format(result, { outputType: 'err' });
process.stdout.write(String(rules.output));

/** Erased at compilation: an `import type`, or an import whose every name is a type. */
const ERASED = new Set(['type-only', 'pre-compilation-only']);
const imports: ModuleImport[] = result.modules.flatMap((module) =>
  module.dependencies.map((dependency) => ({
    from: module.source,
    to: dependency.resolved,
    typeOnly: dependency.dependencyTypes.some((type) => ERASED.has(type)),
  })),
);
const cycles = folderCycles(imports);
for (const cycle of cycles) process.stdout.write(`${describeFolderCycle(cycle)}\n`);
if (cycles.length > 0) {
  process.stdout.write(
    `\nx ${cycles.length} folder-level import cycle(s) among src/server's top-level folders\n`,
  );
}
process.exitCode = rules.exitCode === 0 && cycles.length === 0 ? 0 : 1;
