import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../common/clock.ts';
import { createLoginThrottle, LOGIN_MAX_FAILURES, throttleAddressOf } from './login-throttle.ts';
import { describeLoginThrottle } from './test-support/login-throttle-contract.ts';

describeLoginThrottle('in memory', async (clock) => createLoginThrottle(clock));

describe('the in-memory login throttle', () => {
  it('memory stays bounded: the least recently seen keys are forgotten first', async () => {
    const clock = createFakeClock();
    // Each attempt touches three keys (address, pair, account).
    const throttle = createLoginThrottle(clock, { maxKeys: 6 });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await throttle.reserve('10.0.0.1', `d${i}@pong.test`);
    expect((await throttle.reserve('10.0.0.1', 'x@pong.test')).ok).toBe(false);
    await throttle.reserve('10.0.0.2', 'e@pong.test');
    await throttle.reserve('10.0.0.3', 'f@pong.test');
    expect((await throttle.reserve('10.0.0.1', 'x@pong.test')).ok).toBe(true);
  });
});

describe('the address a throttle counts under', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:abcd:0:0:1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8:1:2:3:4:1.2.3.4', '2001:db8:1:2::/64'],
  ])('RELIABILITY 44: %s counts as %s', (ip, bucket) => {
    expect(throttleAddressOf(ip)).toBe(bucket);
  });
});
