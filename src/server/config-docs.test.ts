import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CONFIG_TABLE_BEGIN, CONFIG_TABLE_END, configTableMarkdown, withConfigTable } from './config-docs.ts';
import { CONFIG_TABLE } from './config-variables.ts';

describe("the README's configuration table", () => {
  it('is the table written from src/server/config-variables.ts (run `npm run docs:config` to rewrite it)', async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    expect(
      readme,
      "README.md's configuration table differs from src/server/config-variables.ts: run `npm run docs:config`",
    ).toBe(withConfigTable(readme));
  });

  it('has one row per variable, its default and its meaning, and says which are secrets', () => {
    const rows = configTableMarkdown().split('\n').slice(2);
    expect(rows.map((row) => /^\| `([A-Z0-9_]+)`/.exec(row)?.[1])).toEqual(Object.keys(CONFIG_TABLE));
    expect(rows.find((row) => row.startsWith('| `PORT`'))).toMatch(/\| `3000` +\| TCP port/);
    expect(rows.find((row) => row.startsWith('| `ADMIN_PASSWORD`'))).toContain('A secret: never printed');
    expect(rows.find((row) => row.startsWith('| `HOST`'))).not.toContain('secret');
  });

  it('refuses a README that lost its markers, rather than writing the table nowhere', () => {
    expect(() => withConfigTable('# A README\n')).toThrow(CONFIG_TABLE_BEGIN);
    const text = `intro\n${CONFIG_TABLE_BEGIN}\nold table\n${CONFIG_TABLE_END}\noutro\n`;
    expect(withConfigTable(text)).toBe(
      `intro\n${CONFIG_TABLE_BEGIN}\n\n${configTableMarkdown()}\n\n${CONFIG_TABLE_END}\noutro\n`,
    );
  });
});
