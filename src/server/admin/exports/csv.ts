/**
 * CSV as RFC 4180 writes it, safe to open in a spreadsheet: a field holding a quote, a comma or a line break
 * is quoted (quotes doubled); a text field starting with = + - @ (or a tab or carriage return) is prefixed
 * with a single quote, so a spreadsheet shows it rather than running it as a formula (OWASP CSV injection).
 * Numbers the export writes itself (lamports, percents) are never negative, so none is altered.
 */

export type CsvValue = string | number | bigint | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value !== 'string') return value.toString();
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
