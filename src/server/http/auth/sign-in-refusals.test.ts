import { createSignInMessageText } from '@solana/wallet-standard-util';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import type { Database } from '../../db/database.ts';
import { authChallenges, playerSessions } from '../../db/schema/identity.ts';
import { createPlayerSessions } from '../../security/player-sessions.ts';
import { SIGN_IN_ERRORS } from './sign-in-errors.ts';
import { createSignInService, SIGN_IN_VALIDITY_MS } from './sign-in-service.ts';
import {
  type AuthBed,
  base64,
  HOST,
  newWallet,
  ORIGIN,
  postVerify,
  requestChallenge,
  signedBody,
  signText,
  startAuthApp,
} from './test-support/sign-in-bed.ts';

describeEachDatabase('sign-in refusals', (target) => {
  let h: AuthBed;
  beforeEach(async () => {
    h = await startAuthApp(target.db);
  });
  afterEach(() => h.app.close());

  const expectRefused = (
    res: { statusCode: number; json(): unknown },
    refusal: { status: number; error: string },
  ) => {
    expect(res.statusCode).toBe(refusal.status);
    expect(res.json()).toEqual({ error: refusal.error });
  };

  it('a reused nonce is refused, even with the same valid signature', async () => {
    const wallet = await newWallet();
    const { text } = await requestChallenge(h.app, wallet.address);
    const body = await signedBody(wallet.address, text, wallet);
    expect((await postVerify(h.app, body)).statusCode).toBe(200);
    expectRefused(await postVerify(h.app, body), SIGN_IN_ERRORS.nonceUsed);
  });

  it('an expired message is refused: accepted 1 ms before expirationTime, refused at it', async () => {
    const wallet = await newWallet();
    const early = await requestChallenge(h.app, wallet.address);
    const late = await requestChallenge(h.app, wallet.address);
    expect(Date.parse(late.input.expirationTime ?? '')).toBe(h.clock.now() + SIGN_IN_VALIDITY_MS);
    const bodyOf = (text: string) => signedBody(wallet.address, text, wallet);
    h.clock.advance(SIGN_IN_VALIDITY_MS - 1);
    expect((await postVerify(h.app, await bodyOf(early.text))).statusCode).toBe(200);
    h.clock.advance(1);
    expectRefused(await postVerify(h.app, await bodyOf(late.text)), SIGN_IN_ERRORS.expired);
  });

  it('a message for another domain is refused (the domain is the configured one, not the Host)', async () => {
    // The configured origin changes between challenge and verify: the stored message names the old domain.
    let origin = 'http://evil.test';
    const other = await startAuthApp(target.db, { publicOrigin: () => origin });
    try {
      const wallet = await newWallet();
      const { input, text } = await requestChallenge(other.app, wallet.address);
      expect(input.domain).toBe('evil.test');
      origin = ORIGIN;
      const body = await signedBody(wallet.address, text, wallet);
      expectRefused(await postVerify(other.app, body), SIGN_IN_ERRORS.otherDomain);
    } finally {
      await other.app.close();
    }
  });

  it('a message for wallet A signed by wallet B is refused, and A can still use the nonce', async () => {
    const [a, b] = [await newWallet(), await newWallet()];
    const { text } = await requestChallenge(h.app, a.address);
    // Claiming A: B's signature does not verify with A's key.
    const claimingA = await signedBody(a.address, text, b);
    expectRefused(await postVerify(h.app, claimingA), SIGN_IN_ERRORS.badSignature);
    // Claiming B: the message names A.
    const claimingB = await signedBody(b.address, text, b);
    expectRefused(await postVerify(h.app, claimingB), SIGN_IN_ERRORS.otherWallet);
    // Neither refusal burned the nonce: its owner signs in with it.
    const own = await signedBody(a.address, text, a);
    expect((await postVerify(h.app, own)).json()).toEqual({ walletAddress: a.address });
  });

  it('a signature over other text is refused and leaves the challenge usable', async () => {
    const wallet = await newWallet();
    const { text } = await requestChallenge(h.app, wallet.address);
    const otherSignature = await signText(wallet, `${text} `);
    const body = { walletAddress: wallet.address, signedMessage: base64(text), signature: otherSignature };
    expectRefused(await postVerify(h.app, body), SIGN_IN_ERRORS.badSignature);
    const [row] = await target.db.select().from(authChallenges).where(eq(authChallenges.message, text));
    expect(row?.usedAt).toBeNull();
    const good = { ...body, signature: await signText(wallet, text) };
    expect((await postVerify(h.app, good)).statusCode).toBe(200);
  });

  it('a message changed by one character, with a valid signature of the changed text, is refused', async () => {
    const wallet = await newWallet();
    const { text } = await requestChallenge(h.app, wallet.address);
    const changed = text.replace('Sign in to Retro Pong', 'Sign in to Retro Ping');
    expect(changed).not.toBe(text);
    const body = await signedBody(wallet.address, changed, wallet);
    expectRefused(await postVerify(h.app, body), SIGN_IN_ERRORS.messageMismatch);
  });

  it('a well-formed, validly signed message with a nonce the server never issued is refused', async () => {
    const wallet = await newWallet();
    const { input } = await requestChallenge(h.app, wallet.address);
    const forged = createSignInMessageText({
      ...input,
      domain: HOST,
      address: wallet.address,
      nonce: 'abcdef0123456789abcdef0123456789',
    });
    const body = await signedBody(wallet.address, forged, wallet);
    expectRefused(await postVerify(h.app, body), SIGN_IN_ERRORS.unknownNonce);
  });

  it('text that is not a SIWS message, or not UTF-8, is a 400', async () => {
    const wallet = await newWallet();
    const signature = await signText(wallet, 'hello');
    for (const signedMessage of [base64('hello'), base64(new Uint8Array([0xff, 0xfe, 0x00]))]) {
      const res = await postVerify(h.app, { walletAddress: wallet.address, signedMessage, signature });
      expectRefused(res, SIGN_IN_ERRORS.notASignInMessage);
    }
  });

  it('two simultaneous verifications of one challenge yield exactly one session', async () => {
    const wallet = await newWallet();
    const { text } = await requestChallenge(h.app, wallet.address);
    const body = await signedBody(wallet.address, text, wallet);
    const results = await Promise.all([postVerify(h.app, body), postVerify(h.app, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect(results.find((r) => r.statusCode === 401)?.json()).toEqual({
      error: SIGN_IN_ERRORS.nonceUsed.error,
    });
    const sessions = await target.db
      .select()
      .from(playerSessions)
      .where(eq(playerSessions.walletAddress, wallet.address));
    expect(sessions).toHaveLength(1);
  });

  it('when both verifications pass every check first, the used_at guard still lets one through', async () => {
    // Both calls are held at the door of their transaction until both have arrived, so neither is stopped
    // by the early "already used" check: only the UPDATE … WHERE used_at IS NULL decides.
    let arrived = 0;
    let release: () => void = () => {};
    const bothArrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    const db = target.db;
    const gated = new Proxy(db, {
      get(real, property) {
        if (property === 'transaction') {
          return async (...args: Parameters<Database['transaction']>) => {
            arrived += 1;
            if (arrived === 2) release();
            await bothArrived;
            return real.transaction(...args);
          };
        }
        const value = Reflect.get(real, property, real);
        return typeof value === 'function' ? value.bind(real) : value;
      },
    });
    const sessions = createPlayerSessions({ db: gated, clock: h.clock });
    const service = createSignInService({
      db: gated,
      clock: h.clock,
      chainId: 'solana:localnet',
      sessions,
      publicOrigin: () => ORIGIN,
    });
    const wallet = await newWallet();
    const input = await service.issue({ walletAddress: wallet.address });
    const text = createSignInMessageText({ ...input, domain: HOST, address: wallet.address });
    const attempt = {
      walletAddress: wallet.address,
      signedMessage: new TextEncoder().encode(text),
      signature: new Uint8Array(Buffer.from(await signText(wallet, text), 'base64')),
      previousToken: undefined,
      ip: undefined,
      userAgent: undefined,
    };
    const outcomes = await Promise.all([service.verify(attempt), service.verify(attempt)]);
    expect(arrived).toBe(2);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ok)).toMatchObject(SIGN_IN_ERRORS.nonceUsed);
    const rows = await db
      .select()
      .from(playerSessions)
      .where(eq(playerSessions.walletAddress, wallet.address));
    expect(rows).toHaveLength(1);
  });
});
