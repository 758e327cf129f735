import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, uniqueWallet } from '../../../test/support/database-bed.ts';
import { createFakeClock } from '../../common/clock.ts';
import { playerSessions as playerSessionsTable } from '../db/schema/identity.ts';
import {
  createPlayerSessions,
  hashSessionToken,
  PLAYER_SESSION_COOKIE,
  sessionTokenFromCookieHeader,
} from './player-sessions.ts';

const HOUR = 60 * 60 * 1000;

describe('reading the session cookie', () => {
  const token = 'A'.repeat(43);

  it('finds the token among other cookies', () => {
    expect(sessionTokenFromCookieHeader(`theme=dark; ${PLAYER_SESSION_COOKIE}=${token}; x=1`)).toBe(token);
  });

  it.each([
    ['no header', undefined],
    ['no session cookie', 'theme=dark'],
    ['a token of the wrong length', `${PLAYER_SESSION_COOKIE}=${token}A`],
    ['a token with characters outside base64url', `${PLAYER_SESSION_COOKIE}=${'A'.repeat(42)}%`],
    ['a cookie whose name only ends like ours', `x${PLAYER_SESSION_COOKIE}=${token}`],
  ])('ignores %s', (_name, header) => {
    expect(sessionTokenFromCookieHeader(header)).toBeUndefined();
  });
});

describeEachDatabase('player sessions', (target) => {
  const make = (lifetimeMs = 24 * HOUR) => {
    const clock = createFakeClock();
    return { clock, sessions: createPlayerSessions({ db: target.db, clock, lifetimeMs }) };
  };

  it('a started session is found from its cookie header, with its wallet', async () => {
    const { sessions } = make();
    const wallet = uniqueWallet();
    const started = await sessions.start({ walletAddress: wallet, ip: '203.0.113.9', userAgent: 'test' });
    const found = await sessions.fromCookieHeader(`${PLAYER_SESSION_COOKIE}=${started.token}`);
    expect(found).toEqual({ sessionId: started.sessionId, walletAddress: wallet });
    expect(
      await sessions.fromRequest({ headers: { cookie: `a=b; ${PLAYER_SESSION_COOKIE}=${started.token}` } }),
    ).toEqual(found);
  });

  it('the stored session id is sha256 of the token, never the token itself (a leaked table grants nothing)', async () => {
    const { sessions } = make();
    const wallet = uniqueWallet();
    const started = await sessions.start({ walletAddress: wallet, ip: '203.0.113.9', userAgent: 'agent/1' });
    const rows = await target.db
      .select()
      .from(playerSessionsTable)
      .where(eq(playerSessionsTable.walletAddress, wallet));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(hashSessionToken(started.token));
    expect(rows[0]?.id).not.toBe(started.token);
    expect(rows[0]).toMatchObject({ ip: '203.0.113.9', userAgent: 'agent/1', expiresAt: started.expiresAt });
    expect(await sessions.fromToken(rows[0]?.id)).toBeNull();
  });

  it('two sign-ins get different tokens (32 random bytes each)', async () => {
    const { sessions } = make();
    const wallet = uniqueWallet();
    const a = await sessions.start({ walletAddress: wallet, ip: undefined, userAgent: undefined });
    const b = await sessions.start({ walletAddress: wallet, ip: undefined, userAgent: undefined });
    expect(a.token).not.toBe(b.token);
    expect(Buffer.from(a.token, 'base64url')).toHaveLength(32);
  });

  it('an expired session is refused: accepted 1 ms before expires_at, refused at it', async () => {
    const { clock, sessions } = make(HOUR);
    const started = await sessions.start({
      walletAddress: uniqueWallet(),
      ip: undefined,
      userAgent: undefined,
    });
    const header = `${PLAYER_SESSION_COOKIE}=${started.token}`;
    clock.advance(HOUR - 1);
    expect(await sessions.fromCookieHeader(header)).not.toBeNull();
    clock.advance(1);
    expect(await sessions.fromCookieHeader(header)).toBeNull();
  });

  it('an ended session is no longer accepted', async () => {
    const { sessions } = make();
    const started = await sessions.start({
      walletAddress: uniqueWallet(),
      ip: undefined,
      userAgent: undefined,
    });
    await sessions.end(started.token);
    expect(await sessions.fromCookieHeader(`${PLAYER_SESSION_COOKIE}=${started.token}`)).toBeNull();
  });

  it('an unknown or malformed cookie is no session', async () => {
    const { sessions } = make();
    expect(await sessions.fromCookieHeader(undefined)).toBeNull();
    expect(await sessions.fromCookieHeader(`${PLAYER_SESSION_COOKIE}=${'B'.repeat(43)}`)).toBeNull();
    expect(await sessions.fromCookieHeader(`${PLAYER_SESSION_COOKIE}='; DROP TABLE x`)).toBeNull();
  });
});
