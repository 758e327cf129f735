import { CONFIG_TABLE, type ConfigVariable, type ConfigVariableSpec } from './config-variables.ts';

/** The README's configuration table sits between these two lines; `npm run docs:config` rewrites it. */
export const CONFIG_TABLE_BEGIN =
  '<!-- config-table: written by `npm run docs:config` from src/server/config-variables.ts; edit that file, not this table -->';
export const CONFIG_TABLE_END = '<!-- config-table: end -->';

const HEADER = ['Variable', 'Default', 'Meaning'] as const;

/** The README's default column of one variable. */
function shownDefault(spec: ConfigVariableSpec): string {
  if (spec.shownDefault !== undefined) return spec.shownDefault;
  return spec.default === undefined || spec.default === '' ? 'unset' : `\`${spec.default}\``;
}

function row(name: ConfigVariable): [string, string, string] {
  const spec: ConfigVariableSpec = CONFIG_TABLE[name];
  const meaning = spec.secret ? `${spec.doc}. A secret: never printed` : spec.doc;
  return [`\`${name}\``, shownDefault(spec), meaning].map((cell) => cell.replaceAll('|', '\\|')) as [
    string,
    string,
    string,
  ];
}

/** The configuration table in Markdown, padded the way Biome formats a Markdown table. */
export function configTableMarkdown(): string {
  const rows = (Object.keys(CONFIG_TABLE) as ConfigVariable[]).map(row);
  const widths = HEADER.map((title, column) =>
    Math.max(3, title.length, ...rows.map((cells) => cells[column]!.length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(HEADER), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** `readme` with the text between the table's markers replaced by the table made from the config table. */
export function withConfigTable(readme: string): string {
  const begin = readme.indexOf(CONFIG_TABLE_BEGIN);
  const end = readme.indexOf(CONFIG_TABLE_END);
  if (begin === -1 || end < begin) {
    throw new Error(`README.md must hold the lines ${CONFIG_TABLE_BEGIN} and ${CONFIG_TABLE_END}`);
  }
  const head = readme.slice(0, begin + CONFIG_TABLE_BEGIN.length);
  return `${head}\n\n${configTableMarkdown()}\n\n${readme.slice(end)}`;
}
