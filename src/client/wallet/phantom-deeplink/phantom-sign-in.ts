import { errorTextOf } from '../../../common/api/error-text.ts';
import { TERMS_VERSION } from '../../../common/protocol.ts';

/**
 * The end of a sign-in that left for Phantom (signMessage over the server's SIWS text, auth/sign-in.ts):
 * the reloaded page sends the stored message and Phantom's signature to /api/auth/verify, which sets the
 * session cookie; the controller's sign-in then finds the session and asks nothing more. The challenge is
 * valid 5 minutes on the server, as long as the request is kept here.
 */
export interface VerifyHttp {
  fetch: typeof fetch;
  baseUrl?: string;
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

export async function verifyResumedSignIn(
  http: VerifyHttp,
  input: { address: string; message: Uint8Array; signature: Uint8Array },
): Promise<void> {
  const res = await http.fetch(`${http.baseUrl ?? ''}/api/auth/verify`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      walletAddress: input.address,
      signedMessage: toBase64(input.message),
      signature: toBase64(input.signature),
      termsVersion: TERMS_VERSION,
    }),
  });
  if (res.ok) return;
  const json: unknown = await res.json().catch(() => ({}));
  throw new Error(errorTextOf(json) ?? `Sign-in failed (${res.status})`);
}
