import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { authChallenges } from '../../db/schema/identity.ts';
import { DEFAULT_PLAYER_SESSION_LIFETIME_MS, hashSessionToken } from '../../security/player-sessions.ts';
import { SIGN_IN_STATEMENT, SIGN_IN_VALIDITY_MS } from './sign-in-service.ts';
import {
  type AuthBed,
  base64,
  HOST,
  me,
  newWallet,
  ORIGIN,
  postVerify,
  requestChallenge,
  sessionCookieOf,
  signedBody,
  signIn,
  startAuthApp,
} from './test-support/sign-in-bed.ts';

describeEachDatabase('sign-in routes and the player session', (target) => {
  let h: AuthBed | undefined;
  const start = async (options?: Parameters<typeof startAuthApp>[1]) => {
    h = await startAuthApp(target.db, options);
    return h;
  };
  afterEach(async () => {
    await h?.app.close();
    h = undefined;
  });

  it('the challenge is a SIWS input for this host, stored with the exact text the wallet signs', async () => {
    const { app, clock } = await start();
    const wallet = await newWallet();
    const { input, text } = await requestChallenge(app, wallet.address);
    expect(input).toEqual({
      domain: HOST,
      address: wallet.address,
      statement: SIGN_IN_STATEMENT,
      uri: `http://${HOST}`,
      version: '1',
      chainId: 'solana:localnet',
      nonce: expect.stringMatching(/^[A-Za-z0-9]{8,}$/),
      issuedAt: new Date(clock.now()).toISOString(),
      expirationTime: new Date(clock.now() + SIGN_IN_VALIDITY_MS).toISOString(),
    });
    const [row] = await target.db
      .select()
      .from(authChallenges)
      .where(eq(authChallenges.nonce, input.nonce ?? ''));
    expect(row).toMatchObject({ walletAddress: wallet.address, domain: HOST, message: text, usedAt: null });
    const second = await requestChallenge(app, wallet.address);
    expect(second.input.nonce).not.toBe(input.nonce);
  });

  it('a good sign-in sets an HttpOnly, SameSite=Lax, Path=/ cookie (no Secure over http); /me answers the wallet', async () => {
    const { app } = await start();
    const wallet = await newWallet();
    const res = await signIn(app, wallet);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ walletAddress: wallet.address });
    expect(res.headers['cache-control']).toBe('no-store');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^pong_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain(`Max-Age=${DEFAULT_PLAYER_SESSION_LIFETIME_MS / 1000}`);
    expect(setCookie).not.toContain('Secure');
    const answer = await me(app, sessionCookieOf(res));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ walletAddress: wallet.address });
  });

  it('under https behind a trusted proxy (X-Forwarded-Proto) the cookie is Secure', async () => {
    const { app } = await start({ trustProxy: true });
    const res = await signIn(app, await newWallet(), { 'x-forwarded-proto': 'https' });
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain('Secure');
  });

  it('the session the /ws upgrade reads is the signed-in wallet, and its id is not the cookie token', async () => {
    const { app, playerSessions } = await start();
    const wallet = await newWallet();
    const cookie = sessionCookieOf(await signIn(app, wallet));
    const token = cookie.slice('pong_session='.length);
    const session = await playerSessions.fromCookieHeader(`other=1; ${cookie}`);
    expect(session).toEqual({ sessionId: hashSessionToken(token), walletAddress: wallet.address });
    expect(session?.sessionId).not.toContain(token);
  });

  it('/me without a session, or with an unknown one, answers 200 with no wallet (signed out is not an error)', async () => {
    const { app } = await start();
    for (const cookie of [undefined, `pong_session=${'x'.repeat(43)}`]) {
      const res = await me(app, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ walletAddress: null });
    }
  });

  it('a session past its lifetime is refused by /me and by fromCookieHeader', async () => {
    const { app, clock, playerSessions } = await start();
    const cookie = sessionCookieOf(await signIn(app, await newWallet()));
    clock.advance(DEFAULT_PLAYER_SESSION_LIFETIME_MS);
    expect((await me(app, cookie)).json()).toEqual({ walletAddress: null });
    expect(await playerSessions.fromCookieHeader(cookie)).toBeNull();
  });

  it('logout deletes the session and clears the cookie; the old cookie is refused', async () => {
    const { app, playerSessions } = await start();
    const cookie = sessionCookieOf(await signIn(app, await newWallet()));
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { host: HOST, cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const cleared = res.cookies.find((c) => c.name === 'pong_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.maxAge).toBe(0);
    expect((await me(app, cookie)).json()).toEqual({ walletAddress: null });
    expect(await playerSessions.fromCookieHeader(cookie)).toBeNull();
  });

  it('a new sign-in rotates the token: the previous cookie stops working', async () => {
    const { app } = await start();
    const wallet = await newWallet();
    const first = sessionCookieOf(await signIn(app, wallet));
    const second = sessionCookieOf(await signIn(app, wallet, { cookie: first }));
    expect(second).not.toBe(first);
    expect((await me(app, first)).json()).toEqual({ walletAddress: null });
    expect((await me(app, second)).json()).toEqual({ walletAddress: wallet.address });
  });

  it('a POST from an origin that is not allowed is 403 and changes nothing', async () => {
    const { app } = await start();
    const wallet = await newWallet();
    const { text } = await requestChallenge(app, wallet.address, { origin: ORIGIN });
    const body = await signedBody(wallet.address, text, wallet);
    for (const url of ['/api/auth/challenge', '/api/auth/verify', '/api/auth/logout']) {
      for (const origin of ['https://evil.test', 'null']) {
        const res = await app.inject({ method: 'POST', url, headers: { host: HOST, origin }, payload: body });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: 'Origin not allowed' });
      }
    }
    // The refused verify did not consume the challenge; the allowed origin signs in with it.
    expect((await postVerify(app, body, { origin: ORIGIN })).statusCode).toBe(200);
  });

  it('malformed or oversized input is a 400 (or 413) with an error, and nothing is stored', async () => {
    const { app } = await start();
    const wallet = await newWallet();
    const { text } = await requestChallenge(app, wallet.address);
    const good = await signedBody(wallet.address, text, wallet);
    const cases: Array<[string, object | undefined]> = [
      ['signedMessage not base64', { ...good, signedMessage: 'not base64!' }],
      ['signature not base64', { ...good, signature: '***' }],
      ['signature not 64 bytes', { ...good, signature: base64(new Uint8Array(63)) }],
      ['signedMessage over 2 KB', { ...good, signedMessage: base64('a'.repeat(3000)) }],
      ['empty signedMessage', { ...good, signedMessage: '' }],
      ['walletAddress not base58', { ...good, walletAddress: '0OIl'.repeat(10) }],
      ['an unknown field', { ...good, extra: 1 }],
      ['no body', undefined],
    ];
    for (const [name, payload] of cases) {
      const res = await postVerify(app, payload);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error, name).toMatch(/^Invalid request/);
    }
    const challengeRes = await app.inject({
      method: 'POST',
      url: '/api/auth/challenge',
      headers: { host: HOST },
      payload: { walletAddress: 'not-a-wallet' },
    });
    expect(challengeRes.statusCode).toBe(400);
    expect(challengeRes.json().error).toContain('walletAddress');

    const badJson = await app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      headers: { host: HOST, 'content-type': 'application/json' },
      payload: '{"walletAddress":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ error: expect.any(String) });
    const huge = await postVerify(app, { ...good, signedMessage: 'A'.repeat(100_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: expect.any(String) });

    // None of that consumed the challenge.
    expect((await postVerify(app, good)).statusCode).toBe(200);
  });

  it('sign-in routes are rate-limited per IP with 429 {error}, and recover as time passes', async () => {
    const { app, clock } = await start({
      rateLimits: { signIn: { capacity: 3, refillPerMinute: 6 }, me: { capacity: 2, refillPerMinute: 60 } },
    });
    const wallet = await newWallet();
    const challenge = (ip: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/challenge',
        headers: { host: HOST },
        remoteAddress: ip,
        payload: { walletAddress: wallet.address },
      });
    for (let i = 0; i < 3; i++) expect((await challenge('198.51.100.1')).statusCode).toBe(200);
    const limited = await challenge('198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: expect.any(String) });
    expect(limited.headers['retry-after']).toBe('10');
    expect((await challenge('198.51.100.2')).statusCode).toBe(200);
    clock.advance(10_000 - 1);
    expect((await challenge('198.51.100.1')).statusCode).toBe(429);
    clock.advance(1);
    expect((await challenge('198.51.100.1')).statusCode).toBe(200);

    // /me has its own bucket: an address out of sign-in tokens can still ask who it is, within its limit.
    const meFrom = (ip: string) =>
      app.inject({ url: '/api/auth/me', headers: { host: HOST }, remoteAddress: ip });
    expect((await challenge('198.51.100.1')).statusCode).toBe(429);
    expect((await meFrom('198.51.100.1')).statusCode).toBe(200);
    expect((await meFrom('198.51.100.1')).statusCode).toBe(200);
    expect((await meFrom('198.51.100.1')).statusCode).toBe(429);
  });
});
