import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the build leaves, for each chunk, the source modules it holds (read by scripts/client-budget.ts). */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

export interface ChunkModules {
  file: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  /** Source modules bundled into the chunk, relative to the project root ('node_modules/...' for packages). */
  modules: string[];
}

/**
 * Records which modules each JavaScript chunk of the client build holds, so the budget check can tell
 * whether admin, history, payment or chain code slipped into what a first visit loads.
 */
export function chunkModules(): Plugin {
  let root = process.cwd();
  return {
    name: 'pong:chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: ChunkModules[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          file: output.fileName,
          isEntry: output.isEntry,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          modules: output.moduleIds
            .filter((id) => !id.startsWith('\0'))
            .map((id) => path.relative(root, id.split('?')[0]!).split(path.sep).join('/')),
        });
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: JSON.stringify(chunks, null, 1) });
    },
  };
}
