import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip';

const socket = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });
const req = (xff?: string) =>
  new Request('http://app.test/', { headers: xff === undefined ? {} : { 'x-forwarded-for': xff } });

describe('the client address behind proxies', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(clientIp(req('203.0.113.9'), 0, socket('198.51.100.1'))).toBe('198.51.100.1');
  });

  it('takes the right-most entry behind one proxy, never the client-written left-most', () => {
    // The client sent "1.1.1.1"; the load balancer appended the address it saw.
    expect(clientIp(req('1.1.1.1, 203.0.113.9'), 1, socket('10.0.0.2'))).toBe('203.0.113.9');
    expect(clientIp(req('203.0.113.9'), 1, socket('10.0.0.2'))).toBe('203.0.113.9');
  });

  it('skips as many entries as there are trusted proxies', () => {
    // client -> CDN (appends the client) -> load balancer (appends the CDN) -> app
    expect(clientIp(req('6.6.6.6, 203.0.113.9, 192.0.2.50'), 2, socket('10.0.0.2'))).toBe('203.0.113.9');
    // Two headers are one list.
    const twoHeaders = new Request('http://app.test/', {
      headers: [
        ['x-forwarded-for', '6.6.6.6'],
        ['x-forwarded-for', '203.0.113.9, 192.0.2.50'],
      ],
    });
    expect(clientIp(twoHeaders, 2, socket('10.0.0.2'))).toBe('203.0.113.9');
  });

  it('falls back sensibly: no header, fewer entries than proxies, ports and brackets', () => {
    expect(clientIp(req(), 1, socket('198.51.100.1'))).toBe('198.51.100.1');
    expect(clientIp(req('203.0.113.9'), 3, socket('10.0.0.2'))).toBe('203.0.113.9');
    expect(clientIp(req('203.0.113.9:51234'), 1, socket('10.0.0.2'))).toBe('203.0.113.9');
    expect(clientIp(req('[2001:db8::7]:443'), 1, socket('10.0.0.2'))).toBe('2001:db8::7');
    expect(clientIp(req('2001:db8::7'), 1, socket('10.0.0.2'))).toBe('2001:db8::7');
    expect(clientIp(req('1.1.1.1'), 0)).toBe('local');
  });
});
