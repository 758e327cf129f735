/**
 * Any thrown value as a plain, JSON-safe object for a log line, built without ever throwing and without
 * touching the value. pino's own error serializer tags the error (and anything error-like inside it) with a
 * symbol, which throws on a frozen object: @solana/kit's `SolanaError` carries a frozen `context` with a
 * `message`, so logging one RPC 429 threw out of the logger and ended the process. Here nothing is written
 * to the value, every read is guarded (a getter or a Proxy may throw), a circular reference, a long cause
 * chain, a deep or wide object and a long string are cut, bigints become strings, bytes are only counted
 * (a secret key is bytes) and a key that names a secret is redacted at any depth.
 */
export function errorForLog(value: unknown): Record<string, unknown> {
  try {
    return describeThrown(value, 0, 0, new Set());
  } catch {
    return { type: 'Unserializable', message: '[the thrown value could not be read]' };
  }
}

/** How many causes (error.cause, then its cause...) are followed; SolanaErrors nest a few deep. */
const MAX_CAUSES = 5;
/** How deep a context object is copied below the error. */
const MAX_DEPTH = 4;
const MAX_KEYS = 40;
const MAX_ITEMS = 20;
const MAX_STRING = 8_000;
/** Keys whose value is never written, wherever they sit (the logger's redact paths cover only the top). */
const SECRET_KEY = /secret|password|keypair|private.?key|authorization|cookie|database.?url|token/i;
/** An error's own fields, written first and by name rather than copied among its other keys. */
const NAMED_FIELDS = new Set(['name', 'message', 'stack', 'cause', 'errors', 'code']);

type Ancestors = Set<object>;

const UNREADABLE = '[unreadable]';

function read<T>(get: () => T): T | typeof UNREADABLE {
  try {
    return get();
  } catch {
    return UNREADABLE;
  }
}

function isObject(value: unknown): value is object {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

function cut(text: string): string {
  return text.length > MAX_STRING ? `${text.slice(0, MAX_STRING)}… (${text.length} characters)` : text;
}

function typeName(value: object): string {
  const constructorName = read(() => (value as { constructor?: { name?: unknown } }).constructor?.name);
  if (typeof constructorName === 'string' && constructorName !== '') return constructorName;
  const name = read(() => (value as { name?: unknown }).name);
  return typeof name === 'string' ? name : Object.prototype.toString.call(value).slice(8, -1);
}

function ownKeys(value: object): string[] {
  const keys = read(() => Object.keys(value));
  return keys === UNREADABLE ? [] : keys;
}

function describeThrown(
  value: unknown,
  causes: number,
  depth: number,
  ancestors: Ancestors,
): Record<string, unknown> {
  if (!isObject(value)) return { type: typeof value, message: cut(String(plain(value, depth, ancestors))) };
  if (ancestors.has(value)) return { type: typeName(value), message: '[circular]' };
  ancestors.add(value);
  try {
    const fields = value as Record<string, unknown>;
    const described: Record<string, unknown> = { type: typeName(value) };
    const message = read(() => fields.message);
    if (message !== undefined)
      described.message = typeof message === 'string' ? cut(message) : plain(message, depth + 1, ancestors);
    const stack = read(() => fields.stack);
    if (typeof stack === 'string') described.stack = cut(stack);
    // A SolanaError says what it is by the code in its context; a Node error by `code`.
    const code = read(() => fields.code ?? (fields.context as { __code?: unknown } | undefined)?.__code);
    if (code !== undefined) described.code = plain(code, depth + 1, ancestors);
    for (const key of ownKeys(value).slice(0, MAX_KEYS)) {
      if (NAMED_FIELDS.has(key)) continue;
      described[key] = SECRET_KEY.test(key)
        ? '[redacted]'
        : plain(
            read(() => fields[key]),
            depth + 1,
            ancestors,
          );
    }
    const errors = read(() => fields.errors);
    if (Array.isArray(errors)) {
      described.errors = errors
        .slice(0, MAX_ITEMS)
        .map((inner) => describeThrown(inner, causes + 1, depth + 1, ancestors));
    }
    const cause = read(() => fields.cause);
    if (cause !== undefined) {
      described.cause =
        causes < MAX_CAUSES
          ? describeThrown(cause, causes + 1, depth, ancestors)
          : '[further causes left out]';
    }
    return described;
  } finally {
    ancestors.delete(value);
  }
}

/** A value inside an error (its context, its other fields) as JSON-safe data. */
function plain(value: unknown, depth: number, ancestors: Ancestors): unknown {
  switch (typeof value) {
    case 'string':
      return cut(value);
    case 'bigint':
      return value.toString();
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'boolean':
    case 'undefined':
      return value;
    case 'symbol':
      return value.toString();
    case 'function':
      return `[function ${value.name || 'anonymous'}]`;
  }
  if (value === null) return null;
  const object = value as object;
  if (ancestors.has(object)) return '[circular]';
  if (depth > MAX_DEPTH) return `[${typeName(object)}, nested too deep]`;
  // An error inside an error (not its cause): described, its own causes left out.
  if (object instanceof Error) return describeThrown(object, MAX_CAUSES, depth, ancestors);
  if (ArrayBuffer.isView(object) || object instanceof ArrayBuffer) {
    return `[${typeName(object)} of ${object.byteLength} bytes]`;
  }
  if (object instanceof Date) return read(() => object.toISOString());
  ancestors.add(object);
  try {
    if (Array.isArray(object)) {
      const items = object.slice(0, MAX_ITEMS).map((item) => plain(item, depth + 1, ancestors));
      return object.length > MAX_ITEMS ? [...items, `… ${object.length - MAX_ITEMS} more`] : items;
    }
    // Headers and Maps (an HTTP error's response headers) are read through their entries.
    if (object instanceof Map || (typeof Headers !== 'undefined' && object instanceof Headers)) {
      const entries = read(() => [...(object as Map<unknown, unknown>).entries()].slice(0, MAX_KEYS));
      if (entries === UNREADABLE) return UNREADABLE;
      return Object.fromEntries(
        entries.map(([key, item]) => [
          String(key),
          SECRET_KEY.test(String(key)) ? '[redacted]' : plain(item, depth + 1, ancestors),
        ]),
      );
    }
    if (object instanceof Set) {
      return plain(
        read(() => [...object].slice(0, MAX_ITEMS)),
        depth,
        ancestors,
      );
    }
    const copy: Record<string, unknown> = {};
    const keys = ownKeys(object);
    for (const key of keys.slice(0, MAX_KEYS)) {
      copy[key] = SECRET_KEY.test(key)
        ? '[redacted]'
        : plain(
            read(() => (object as Record<string, unknown>)[key]),
            depth + 1,
            ancestors,
          );
    }
    if (keys.length > MAX_KEYS) copy['…'] = `${keys.length - MAX_KEYS} more keys`;
    return copy;
  } finally {
    ancestors.delete(object);
  }
}
