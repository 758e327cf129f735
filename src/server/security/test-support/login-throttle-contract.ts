import { describe, expect, it } from 'vitest';
import { createFakeClock, type FakeClock } from '../../../common/clock.ts';
import {
  type LoginThrottle,
  LOGIN_MAX_FAILURES as MAX,
  LOGIN_MAX_FAILURES_UNDER_ATTACK as UNDER_ATTACK,
  LOGIN_FAILURE_WINDOW_MS as WINDOW,
} from '../login-throttle.ts';

const CAP = 8;

/**
 * One contract for every LoginThrottle (in memory for one process, Redis for several nodes): RELIABILITY 18
 * and 34. `make` gives a fresh throttle on the clock; each test uses accounts and addresses of its own.
 */
export function describeLoginThrottle(
  name: string,
  make: (clock: FakeClock) => Promise<LoginThrottle>,
): void {
  describe(`the login throttle (${name})`, () => {
    const fail = async (throttle: LoginThrottle, ip: string, account: string) => {
      const attempt = await throttle.reserve(ip, account);
      expect(attempt.ok, `${ip} ${account}`).toBe(true);
    };

    it('five failures from one address in 15 minutes refuse its next attempt until the oldest leaves the window (t - 1 and t)', async () => {
      const clock = createFakeClock();
      const throttle = await make(clock);
      const start = clock.now();
      for (let i = 0; i < MAX; i++) {
        await fail(throttle, '10.0.0.1', `user${i}@pong.test`);
        clock.advance(60_000);
      }
      expect(await throttle.reserve('10.0.0.1', 'fresh@pong.test')).toEqual({
        ok: false,
        retryAfterMs: start + WINDOW - clock.now(),
      });
      clock.set(start + WINDOW - 1);
      expect(await throttle.reserve('10.0.0.1', 'fresh@pong.test')).toEqual({ ok: false, retryAfterMs: 1 });
      clock.advance(1);
      expect((await throttle.reserve('10.0.0.1', 'fresh@pong.test')).ok).toBe(true);
    });

    it('another address is not refused for what one address did', async () => {
      const clock = createFakeClock();
      const throttle = await make(clock);
      for (let i = 0; i < MAX; i++) await fail(throttle, '10.0.1.1', `user${i}@pong.test`);
      expect((await throttle.reserve('10.0.1.1', 'user0@pong.test')).ok).toBe(false);
      expect((await throttle.reserve('10.0.1.2', 'user0@pong.test')).ok).toBe(true);
    });

    it('40 attempts at once from one address: five are counted and let through, 35 refused', async () => {
      const clock = createFakeClock();
      const throttle = await make(clock);
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => throttle.reserve('10.0.2.1', 'target@pong.test')),
      );
      expect(answers.filter((a) => a.ok)).toHaveLength(MAX);
    });

    it('strangers cannot lock the owner out: after their failures a clean address is let through, told the account is under attack', async () => {
      const clock = createFakeClock();
      const throttle = await make(clock);
      for (let i = 0; i < MAX; i++) await fail(throttle, '203.0.113.1', 'owner@pong.test');
      expect((await throttle.reserve('203.0.113.1', 'owner@pong.test')).ok).toBe(false);
      for (let i = 0; i < MAX; i++) await fail(throttle, `203.0.113.${10 + i}`, 'owner@pong.test');
      const owner = await throttle.reserve('198.51.100.7', 'owner@pong.test');
      expect(owner).toMatchObject({ ok: true, accountUnderAttack: true });
    });

    it(`an account under attack gives each address ${UNDER_ATTACK} failed tries at it, not ${MAX}; its other accounts are not affected`, async () => {
      const clock = createFakeClock();
      const throttle = await make(clock);
      for (let i = 0; i < MAX; i++) await fail(throttle, `203.0.114.${i}`, 'attacked@pong.test');
      for (let i = 0; i < UNDER_ATTACK; i++) await fail(throttle, '203.0.114.99', 'attacked@pong.test');
      const refused = await throttle.reserve('203.0.114.99', 'attacked@pong.test');
      expect(refused.ok).toBe(false);
      expect(refused.ok ? 0 : refused.retryAfterMs).toBe(WINDOW);
      expect((await throttle.reserve('203.0.114.99', 'other@pong.test')).ok).toBe(true);
    });

    it('a success is not a failure and forgets the pair, but not the address’s other failures', async () => {
      const clock = createFakeClock();
      const throttle = await make(clock);
      for (let i = 0; i < MAX - 1; i++) await fail(throttle, '10.0.3.1', `guess${i}@pong.test`);
      const good = await throttle.reserve('10.0.3.1', 'real@pong.test');
      if (!good.ok) throw new Error('the fifth attempt was refused');
      await throttle.succeeded(good.ticket);
      // Four failures stand: one more attempt, then the address is refused.
      await fail(throttle, '10.0.3.1', 'guess9@pong.test');
      expect((await throttle.reserve('10.0.3.1', 'real@pong.test')).ok).toBe(false);
    });

    it('RELIABILITY 44: IPv6 addresses of one /64 share one bucket; the next /64 has its own', async () => {
      const clock = createFakeClock();
      const throttle = await make(clock);
      for (let i = 1; i <= MAX; i++)
        await fail(throttle, `2001:db8:1:2::${i.toString(16)}`, `v6-${i}@pong.test`);
      expect((await throttle.reserve('2001:db8:1:2:ffff:ee:dd:c', 'fresh@pong.test')).ok).toBe(false);
      expect((await throttle.reserve('2001:0db8:0001:0002:0000:0000:0000:0077', 'fresh@pong.test')).ok).toBe(
        false,
      );
      expect((await throttle.reserve('2001:db8:1:3::1', 'fresh@pong.test')).ok).toBe(true);
    });

    it(`RELIABILITY 44: a capped account takes ${CAP} attempts from all addresses together, then waits for the window`, async () => {
      const clock = createFakeClock();
      const throttle = await make(clock);
      const start = clock.now();
      const answers = [];
      for (let i = 0; i < CAP + 5; i++) {
        answers.push(await throttle.reserve(`192.0.2.${i}`, '2fa:capped', { accountCap: CAP }));
        clock.advance(1_000);
      }
      expect(answers.map((a) => a.ok)).toEqual([...Array(CAP).fill(true), ...Array(5).fill(false)]);
      expect(answers.map((a) => a.ok && a.accountCapReached)).toEqual([
        ...Array(CAP - 1).fill(false),
        true,
        ...Array(5).fill(false),
      ]);
      // A throttle, not a lock: the oldest leaving the window lets one more in.
      clock.set(start + WINDOW - 1);
      expect((await throttle.reserve('192.0.2.200', '2fa:capped', { accountCap: CAP })).ok).toBe(false);
      clock.set(start + WINDOW);
      expect((await throttle.reserve('192.0.2.200', '2fa:capped', { accountCap: CAP })).ok).toBe(true);
      // Without a cap (a password step) the same account never refuses a clean address.
      expect((await throttle.reserve('192.0.2.201', '2fa:capped')).ok).toBe(true);
    });
  });
}
