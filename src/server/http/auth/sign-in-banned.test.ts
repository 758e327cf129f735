import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { playerSessions } from '../../db/schema/identity.ts';
import { BAN_MESSAGES, type Bans, createBans } from '../../security/bans.ts';
import {
  type AuthBed,
  newWallet,
  postVerify,
  requestChallenge,
  signedBody,
  startAuthApp,
} from './test-support/sign-in-bed.ts';

const ADMIN = { by: 'admin@pong.local', reason: 'chargeback fraud' };

describeEachDatabase('a banned wallet or address is refused sign-in', (target) => {
  let h: AuthBed;
  let bans: Bans;
  beforeEach(async () => {
    // The refusal reads `bans` when asked, so the service can share the app's clock.
    h = await startAuthApp(target.db, {
      refusal: async (walletAddress, ip) => (await bans.status(walletAddress, ip ?? null)).message,
    });
    bans = createBans({ db: target.db, clock: h.clock });
  });
  afterEach(() => h.app.close());

  const sessionsOf = (walletAddress: string) =>
    target.db.select().from(playerSessions).where(eq(playerSessions.walletAddress, walletAddress));

  it('a banned wallet proves itself but gets 403 with the ban message and no session; after unban it signs in', async () => {
    const wallet = await newWallet();
    await bans.banWallet(wallet.address, ADMIN);
    const { text } = await requestChallenge(h.app, wallet.address);
    const body = await signedBody(wallet.address, text, wallet);

    const refused = await postVerify(h.app, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: BAN_MESSAGES.wallet });
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(await sessionsOf(wallet.address)).toHaveLength(0);

    await bans.unbanWallet(wallet.address, ADMIN);
    const accepted = await postVerify(h.app, body);
    expect(accepted.statusCode).toBe(200);
    expect(await sessionsOf(wallet.address)).toHaveLength(1);
  });

  it('a banned address refuses every wallet signing in from it, with the IP ban message', async () => {
    const wallet = await newWallet();
    // Fastify's inject comes from 127.0.0.1.
    await bans.banIp('127.0.0.1', ADMIN);
    const { text } = await requestChallenge(h.app, wallet.address);
    const refused = await postVerify(h.app, await signedBody(wallet.address, text, wallet));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: BAN_MESSAGES.ip });
    expect(await sessionsOf(wallet.address)).toHaveLength(0);
    await bans.unbanIp('127.0.0.1', ADMIN);
  });

  it('a bad signature from a banned wallet is still a bad signature: the ban is asked only of a proven wallet', async () => {
    const [wallet, other] = [await newWallet(), await newWallet()];
    await bans.banWallet(wallet.address, ADMIN);
    const { text } = await requestChallenge(h.app, wallet.address);
    const forged = await signedBody(wallet.address, text, other);
    const res = await postVerify(h.app, forged);
    expect(res.statusCode).toBe(401);
  });
});
