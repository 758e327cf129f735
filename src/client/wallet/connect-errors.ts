/** SPEC §5/§8 connection messages. */
export const INVALID_CONNECTION_RESPONSE = 'Invalid wallet connection response';
export const CONNECTION_CANCELLED = 'Connection cancelled by user';

const REJECTED = /reject|denied|cancel|declined|closed/i;

/** A wallet's refusal (code 4001 or its words) reads 'Connection cancelled by user'; else its own message. */
export function describeConnectError(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e?.code === 4001 || (typeof e?.message === 'string' && REJECTED.test(e.message)))
    return CONNECTION_CANCELLED;
  if (typeof e?.message === 'string' && e.message.length > 0) return e.message;
  return typeof error === 'string' ? error : 'Could not connect the wallet';
}
