import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { SIGN_IN_ERRORS } from './sign-in-errors.ts';
import {
  type AuthBed,
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

/**
 * The Sign In With Solana domain and URI, and whether the cookie is Secure, come
 * from the configured public origin, never from headers the client chooses (Host, X-Forwarded-Host,
 * X-Forwarded-Proto). Otherwise a phishing site relays our challenge with its own Host, the victim's wallet
 * signs a message naming the phishing domain without a warning, and the site replays it here.
 */
describeEachDatabase(
  'the sign-in domain and the cookie’s Secure flag come from the configured origin, never from request headers',
  (target) => {
    let h: AuthBed | undefined;
    afterEach(async () => {
      await h?.app.close();
      h = undefined;
    });

    it('a challenge asked for through another Host or X-Forwarded-Host names the configured domain', async () => {
      h = await startAuthApp(target.db, { trustProxy: true });
      const wallet = await newWallet();
      const relayed: Array<Record<string, string>> = [
        { host: 'evil.test' },
        { 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'https' },
      ];
      for (const headers of relayed) {
        const { input, text } = await requestChallenge(h.app, wallet.address, headers);
        expect(input.domain).toBe(HOST);
        expect(input.uri).toBe(ORIGIN);
        expect(text.startsWith(`${HOST} wants you to sign in with your Solana account:`)).toBe(true);
        expect(text).not.toContain('evil.test');
      }
    });

    it('the phishing replay (challenge and verify under the phishing Host) gets no session', async () => {
      h = await startAuthApp(target.db, { trustProxy: true });
      const victim = await newWallet();
      const phishing = { host: 'evil.test', 'x-forwarded-host': 'evil.test' };
      const { text } = await requestChallenge(h.app, victim.address, phishing);
      // What the victim's wallet is shown names this product's domain, so it warns on evil.test; and the
      // domain the verify compares with is the configured one, whatever Host the replay carries.
      expect(text).not.toContain('evil.test');
      const forged = text.replace(HOST, 'evil.test');
      const replay = await postVerify(h.app, await signedBody(victim.address, forged, victim), phishing);
      expect(replay.statusCode).toBe(SIGN_IN_ERRORS.messageMismatch.status);
      expect(replay.cookies.find((c) => c.name === 'pong_session')).toBeUndefined();
    });

    it('a message naming any domain other than the configured one is refused', async () => {
      let origin = 'https://pong.example';
      h = await startAuthApp(target.db, { publicOrigin: () => origin });
      const wallet = await newWallet();
      const { input, text } = await requestChallenge(h.app, wallet.address);
      expect(input).toMatchObject({ domain: 'pong.example', uri: 'https://pong.example' });
      origin = 'https://other.example';
      const res = await postVerify(h.app, await signedBody(wallet.address, text, wallet));
      expect(res.statusCode).toBe(SIGN_IN_ERRORS.otherDomain.status);
      expect(res.json()).toEqual({ error: SIGN_IN_ERRORS.otherDomain.error });
    });

    it('an https public origin makes the cookie Secure behind a TLS proxy that forwards plain http', async () => {
      h = await startAuthApp(target.db, { publicOrigin: `https://${HOST}` });
      // No X-Forwarded-Proto and no trusted proxy: the request itself looks like plain http.
      const res = await signIn(h.app, await newWallet());
      expect(res.statusCode, res.body).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
      expect((await me(h.app, sessionCookieOf(res))).statusCode).toBe(200);
    });

    it('an http public origin (local play) sets no Secure flag, so the browser keeps the cookie', async () => {
      h = await startAuthApp(target.db, { publicOrigin: ORIGIN });
      const res = await signIn(h.app, await newWallet());
      expect(res.statusCode, res.body).toBe(200);
      expect(String(res.headers['set-cookie'])).not.toContain('Secure');
    });
  },
);
