import { RETURN_FAILED_TOAST } from './return-check.ts';

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

/**
 * A wallet app's refusal comes back in the page address (`errorCode`, `errorMessage`), which anyone can
 * write into a link: its text is never shown (RELIABILITY 36). Its code only picks one of SPEC's texts:
 * 4001 (the player declined) 'Connection cancelled by user', anything else 'Couldn't connect wallet...'.
 */
export function connectRefusalText(errorCode: string | null): string {
  return Number(errorCode) === 4001 ? CONNECTION_CANCELLED : RETURN_FAILED_TOAST;
}
