import { isAddress } from '@solana/kit';
import { z } from 'zod';
import { termsVersionSchema, walletAddressSchema } from '../../../common/protocol.ts';

/**
 * The bodies of the sign-in routes. Sizes are bounded before anything is decoded: our sign-in messages are
 * about 400 bytes and a signature is exactly 64.
 */
export const MAX_SIGNED_MESSAGE_BYTES = 2048;
const SIGNATURE_BYTES = 64;

const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

const signInWallet = walletAddressSchema.refine(isAddress, 'Expected a 32-byte Solana address');

const base64Bytes = (field: string, maxBytes: number) =>
  z
    .string()
    .min(1, `${field} is empty`)
    .max(base64Length(maxBytes), `${field} is longer than ${maxBytes} bytes`)
    .pipe(z.base64(`${field} must be base64`))
    .transform((s) => new Uint8Array(Buffer.from(s, 'base64')));

export const challengeRequestSchema = z.strictObject({ walletAddress: signInWallet });

export const verifyRequestSchema = z.strictObject({
  walletAddress: signInWallet,
  signedMessage: base64Bytes('signedMessage', MAX_SIGNED_MESSAGE_BYTES),
  signature: base64Bytes('signature', SIGNATURE_BYTES).refine(
    (bytes) => bytes.length === SIGNATURE_BYTES,
    `signature must be ${SIGNATURE_BYTES} bytes`,
  ),
  /** The terms of service version the player accepted before connecting, recorded with it. */
  termsVersion: termsVersionSchema.optional(),
});

/** The first problem, named by its field, so a 400 says what to fix. */
export function describeInvalidBody(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `Invalid request: ${field}${issue.message}`;
}
