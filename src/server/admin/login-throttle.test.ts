import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../common/clock.ts';
import { createLoginThrottle, LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from './login-throttle.ts';

describe('RELIABILITY 18: the login throttle', () => {
  it('RELIABILITY 18: 5 failures in 15 minutes block the account until the oldest leaves the window (t - 1 and t)', () => {
    const clock = createFakeClock();
    const throttle = createLoginThrottle(clock);
    const start = clock.now();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect(throttle.waitMs(`10.0.0.${i}`, 'a@pong.test')).toBe(0);
      throttle.recordFailure(`10.0.0.${i}`, 'a@pong.test');
      clock.advance(60_000);
    }
    expect(throttle.waitMs('10.9.9.9', 'a@pong.test')).toBe(start + LOGIN_FAILURE_WINDOW_MS - clock.now());
    clock.set(start + LOGIN_FAILURE_WINDOW_MS - 1);
    expect(throttle.waitMs('10.9.9.9', 'a@pong.test')).toBe(1);
    clock.advance(1);
    expect(throttle.waitMs('10.9.9.9', 'a@pong.test')).toBe(0);
  });

  it('RELIABILITY 18: four failures leave a fifth attempt; failures older than 15 minutes do not count', () => {
    const clock = createFakeClock();
    const throttle = createLoginThrottle(clock);
    throttle.recordFailure('10.0.0.1', 'b@pong.test');
    clock.advance(LOGIN_FAILURE_WINDOW_MS);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) throttle.recordFailure('10.0.0.1', 'b@pong.test');
    expect(throttle.waitMs('10.0.0.1', 'b@pong.test')).toBe(0);
  });

  it('RELIABILITY 18: per IP across accounts; a good login forgets the account’s failures but not the IP’s', () => {
    const clock = createFakeClock();
    const throttle = createLoginThrottle(clock);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) throttle.recordFailure('10.0.0.7', `user${i}@pong.test`);
    expect(throttle.waitMs('10.0.0.7', 'fresh@pong.test')).toBe(LOGIN_FAILURE_WINDOW_MS);
    expect(throttle.waitMs('10.0.0.8', 'user0@pong.test')).toBe(0);

    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) throttle.recordFailure(`10.1.0.${i}`, 'c@pong.test');
    expect(throttle.waitMs('10.2.0.1', 'c@pong.test')).toBeGreaterThan(0);
    throttle.forgetAccount('c@pong.test');
    expect(throttle.waitMs('10.2.0.1', 'c@pong.test')).toBe(0);
  });

  it('memory stays bounded: the least recently seen keys are forgotten first', () => {
    const clock = createFakeClock();
    const throttle = createLoginThrottle(clock, { maxKeys: 4 });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) throttle.recordFailure('10.0.0.1', 'd@pong.test');
    expect(throttle.waitMs('10.0.0.1', 'x@pong.test')).toBeGreaterThan(0);
    throttle.recordFailure('10.0.0.2', 'e@pong.test');
    throttle.recordFailure('10.0.0.3', 'f@pong.test');
    expect(throttle.waitMs('10.0.0.1', 'x@pong.test')).toBe(0);
  });
});
