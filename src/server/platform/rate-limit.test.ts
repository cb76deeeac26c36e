import { describe, expect, it } from 'vitest';
import { addressKey, PASSWORD_FAILURES, SLOWDOWN_MAX_MS, signInSlowdownMs } from './rate-limit';

describe('rate-limit keys of client addresses', () => {
  it('counts IPv4 per address and IPv6 per /64, the block one subscriber holds', () => {
    expect(addressKey('203.0.113.9')).toBe('ip:203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('ip:203.0.113.9');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('ip:2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(addressKey('2001:db8:1:2::5'));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('local')).toBe('ip:local');
  });
});

describe('the per-account slowdown', () => {
  it('costs nothing for the first failures, then doubles up to a gentle ceiling, never a refusal', () => {
    const free = PASSWORD_FAILURES.limit;
    expect(signInSlowdownMs(0)).toBe(0);
    expect(signInSlowdownMs(free)).toBe(0);
    expect(signInSlowdownMs(free + 1)).toBe(1000);
    expect(signInSlowdownMs(free + 2)).toBe(2000);
    expect(signInSlowdownMs(free + 3)).toBe(4000);
    expect(signInSlowdownMs(free + 4)).toBe(SLOWDOWN_MAX_MS);
    expect(signInSlowdownMs(10_000)).toBe(SLOWDOWN_MAX_MS);
  });
});
