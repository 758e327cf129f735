/**
 * Writes the README's configuration table from the one table of variables in src/server/config-variables.ts
 * (`npm run docs:config`). src/server/config-docs.test.ts fails while the README differs from it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { withConfigTable } from '../src/server/config-docs.ts';

const readmeUrl = new URL('../README.md', import.meta.url);
const before = await readFile(readmeUrl, 'utf8');
const after = withConfigTable(before);
if (after === before) {
  console.warn('README.md: the configuration table is up to date');
} else {
  await writeFile(readmeUrl, after);
  console.warn('README.md: configuration table rewritten from src/server/config-variables.ts');
}
