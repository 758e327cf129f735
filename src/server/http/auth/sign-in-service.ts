import { randomBytes } from 'node:crypto';
import { address, getPublicKeyFromAddress, signatureBytes, verifySignature } from '@solana/kit';
import type { SolanaSignInInput } from '@solana/wallet-standard-features';
import { createSignInMessageText, parseSignInMessageText } from '@solana/wallet-standard-util';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { SignInChallengeAnswer } from '../../../common/api/player-api.ts';
import type { Clock } from '../../../common/clock.ts';
import type { Database } from '../../db/database.ts';
import { authChallenges } from '../../db/schema/identity.ts';
import type { PlayerSessions, StartedPlayerSession } from '../../security/player-sessions.ts';
import { SIGN_IN_ERRORS, type SignInRefusal } from './sign-in-errors.ts';

/** CAIP-2 style chain ids that SIWS wallets understand; the composition root picks the one it talks to. */
export type SignInChainId = 'solana:localnet' | 'solana:devnet' | 'solana:testnet' | 'solana:mainnet';

export const SIGN_IN_STATEMENT =
  'Sign in to Retro Pong. This request will not trigger a blockchain transaction or cost any fees.';
export const SIGN_IN_VALIDITY_MS = 5 * 60 * 1000;
/** Long enough past expiry that a late answer still reads "expired" rather than "unknown", then deleted. */
const CHALLENGE_RETENTION_MS = 60 * 60 * 1000;

export interface SignInServiceDeps {
  db: Database;
  clock: Clock;
  chainId: SignInChainId;
  sessions: PlayerSessions;
  /**
   * The configured public origin (config.publicOrigin). The message's domain and URI come from it and never
   * from a request's Host or X-Forwarded-Host: a phishing page that relays our challenge gets a message
   * naming this domain, which the wallet shows as a mismatch, and a message naming its own is refused.
   */
  publicOrigin: () => string;
  /**
   * A banned wallet or address gets no session. Asked once the signature is proven (so
   * the answer is about the real wallet); a text is the refusal's message (SPEC §8's ban messages).
   */
  refusal?: (walletAddress: string, ip: string | undefined) => Promise<string | null>;
}

export interface IssueChallengeInput {
  walletAddress: string;
}

export interface VerifySignInInput {
  walletAddress: string;
  signedMessage: Uint8Array;
  signature: Uint8Array;
  /** The token of the session this browser holds now, if any: a new sign-in replaces it. */
  previousToken: string | undefined;
  ip: string | undefined;
  userAgent: string | undefined;
}

export type VerifySignInOutcome =
  | { ok: true; session: StartedPlayerSession }
  | ({ ok: false } & SignInRefusal)
  | { ok: false; status: 403; error: string };

export interface SignInService {
  issue(input: IssueChallengeInput): Promise<SignInChallengeAnswer['input']>;
  verify(input: VerifySignInInput): Promise<VerifySignInOutcome>;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function refuse(refusal: SignInRefusal): VerifySignInOutcome {
  return { ok: false, ...refusal };
}

/** 128 random bits in hex: alphanumeric and well past SIWS' minimum of 8 characters. */
function newNonce(): string {
  return randomBytes(16).toString('hex');
}

async function signatureMatches(walletAddress: string, message: Uint8Array, signature: Uint8Array) {
  try {
    const publicKey = await getPublicKeyFromAddress(address(walletAddress));
    return await verifySignature(publicKey, signatureBytes(signature), message);
  } catch {
    // An address that is not a usable ed25519 key can have signed nothing.
    return false;
  }
}

/** Sign In With Solana (ARCHITECTURE invariant 5): server-made challenges, verified against the stored text. */
export function createSignInService(deps: SignInServiceDeps): SignInService {
  const { db, clock, chainId, sessions } = deps;
  const signInDomain = () => new URL(deps.publicOrigin()).host;

  return {
    async issue({ walletAddress }) {
      const now = clock.now();
      const origin = new URL(deps.publicOrigin());
      const input = {
        domain: origin.host,
        address: walletAddress,
        statement: SIGN_IN_STATEMENT,
        uri: origin.origin,
        version: '1',
        chainId,
        nonce: newNonce(),
        issuedAt: new Date(now).toISOString(),
        expirationTime: new Date(now + SIGN_IN_VALIDITY_MS).toISOString(),
      } satisfies SolanaSignInInput;
      await db
        .delete(authChallenges)
        .where(lt(authChallenges.expiresAt, new Date(now - CHALLENGE_RETENTION_MS)));
      await db.insert(authChallenges).values({
        nonce: input.nonce,
        walletAddress,
        domain: input.domain,
        statement: input.statement,
        uri: input.uri,
        version: input.version,
        chainId,
        message: createSignInMessageText(input),
        issuedAt: new Date(now),
        expiresAt: new Date(now + SIGN_IN_VALIDITY_MS),
      });
      return input;
    },

    async verify(input) {
      let text: string;
      try {
        text = strictUtf8.decode(input.signedMessage);
      } catch {
        return refuse(SIGN_IN_ERRORS.notASignInMessage);
      }
      const parsed = parseSignInMessageText(text);
      if (!parsed?.nonce) return refuse(SIGN_IN_ERRORS.notASignInMessage);

      const [challenge] = await db
        .select()
        .from(authChallenges)
        .where(eq(authChallenges.nonce, parsed.nonce))
        .limit(1);
      if (!challenge) return refuse(SIGN_IN_ERRORS.unknownNonce);
      // Bytes, not fields: a wallet that re-rendered or altered any part of the message signed something else.
      if (!Buffer.from(challenge.message, 'utf8').equals(input.signedMessage)) {
        return refuse(SIGN_IN_ERRORS.messageMismatch);
      }
      if (parsed.address !== input.walletAddress) return refuse(SIGN_IN_ERRORS.otherWallet);
      const domain = signInDomain();
      if (challenge.domain !== domain || parsed.domain !== domain) return refuse(SIGN_IN_ERRORS.otherDomain);
      const now = clock.now();
      if (now >= challenge.expiresAt.getTime()) return refuse(SIGN_IN_ERRORS.expired);
      if (challenge.usedAt !== null) return refuse(SIGN_IN_ERRORS.nonceUsed);
      // Checked before the nonce is consumed: the nonce is not secret (it sits in the page and the wallet
      // prompt), so if a bad signature burned it, anyone could cancel a player's sign-in by posting garbage.
      if (!(await signatureMatches(input.walletAddress, input.signedMessage, input.signature))) {
        return refuse(SIGN_IN_ERRORS.badSignature);
      }
      // Before the nonce is consumed: once the ban is lifted, the same signed message may still sign in.
      const banned = await deps.refusal?.(input.walletAddress, input.ip);
      if (banned) return { ok: false, status: 403, error: banned };

      // Consuming the challenge and starting the session commit together: two racing verifications of one
      // nonce get one session, and a failed session write leaves the challenge usable.
      return db.transaction(async (tx): Promise<VerifySignInOutcome> => {
        const consumed = await tx
          .update(authChallenges)
          .set({ usedAt: new Date(now) })
          .where(
            and(
              eq(authChallenges.id, challenge.id),
              isNull(authChallenges.usedAt),
              gt(authChallenges.expiresAt, new Date(now)),
            ),
          )
          .returning({ id: authChallenges.id });
        if (consumed.length === 0) return refuse(SIGN_IN_ERRORS.nonceUsed);
        await sessions.end(input.previousToken, tx);
        const session = await sessions.start(
          { walletAddress: input.walletAddress, ip: input.ip, userAgent: input.userAgent },
          tx,
        );
        return { ok: true, session };
      });
    },
  };
}
