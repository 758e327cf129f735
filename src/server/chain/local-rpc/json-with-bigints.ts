/**
 * JSON.stringify, except that bigints are written as plain number literals. Solana's RPC carries u64
 * values (lamports, slots) as JSON numbers beyond 2^53; Kit parses large integers itself, so they must not
 * be quoted or rounded. `undefined` members are left out, as JSON.stringify does.
 */
export function stringifyJsonWithBigints(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : stringifyJsonWithBigints(item))).join(',')}]`;
  }
  const members: string[] = [];
  for (const [key, member] of Object.entries(value)) {
    if (member === undefined || typeof member === 'function') continue;
    members.push(`${JSON.stringify(key)}:${stringifyJsonWithBigints(member)}`);
  }
  return `{${members.join(',')}}`;
}
