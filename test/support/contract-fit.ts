import type { z } from 'zod';
import { parseAnswer } from '../../src/common/api/parse-answer.ts';

/**
 * An answer fits its schema exactly: it parses, and parsing drops nothing (a field the schema does not name
 * would be stripped) and changes nothing. For tests of the real server's answers.
 */
export function fitsExactly<S extends z.ZodType>(schema: S, body: unknown, request: string): z.output<S> {
  const parsed = parseAnswer(schema, body, request);
  const extra = unnamedFields(parsed, body);
  if (extra.length > 0)
    throw new Error(`${request} answered fields its schema does not name: ${extra.join(', ')}`);
  return parsed;
}

/** Paths of `raw` that `parsed` lost (object keys only; arrays are walked item by item). */
function unnamedFields(parsed: unknown, raw: unknown, at = ''): string[] {
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    return raw.flatMap((item, i) => unnamedFields(parsed[i], item, `${at}[${i}]`));
  }
  if (!isObject(raw) || !isObject(parsed)) return [];
  return Object.keys(raw).flatMap((key) => {
    const path = at ? `${at}.${key}` : key;
    return key in parsed ? unnamedFields(parsed[key], raw[key], path) : [path];
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
