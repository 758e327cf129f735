/**
 * Why a sign-in was refused (RELIABILITY 16). The texts reach the player as the `{ error }` of a 400/401,
 * so each says what was wrong without revealing anything a caller could not already see.
 */
export const SIGN_IN_ERRORS = {
  notASignInMessage: { status: 400, error: 'Sign-in message is not a Sign In With Solana message' },
  unknownNonce: { status: 401, error: 'Sign-in nonce is unknown; request a new sign-in message' },
  messageMismatch: { status: 401, error: 'Sign-in message does not match the challenge' },
  otherWallet: { status: 401, error: 'Sign-in message is for another wallet' },
  otherDomain: { status: 401, error: 'Sign-in message is for another domain' },
  expired: { status: 401, error: 'Sign-in message expired' },
  nonceUsed: { status: 401, error: 'Sign-in nonce already used' },
  badSignature: { status: 401, error: 'Signature does not match the wallet' },
} as const satisfies Record<string, { status: 400 | 401; error: string }>;

export type SignInRefusal = (typeof SIGN_IN_ERRORS)[keyof typeof SIGN_IN_ERRORS];

export const ORIGIN_NOT_ALLOWED = 'Origin not allowed';
export const TOO_MANY_REQUESTS = 'Too many requests, please try again shortly';
