// The caller's address, for rate limits and the contact log. Behind proxies, each one appends the
// address it was reached from to X-Forwarded-For, so only the last `trustedHops` entries were
// written by machines we trust; everything left of them is whatever the client chose to send.
import { isIP } from 'node:net';

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/**
 * The right-most address no trusted proxy vouches for: with one load balancer, the last
 * X-Forwarded-For entry; with two, the one before it. `trustedHops` 0 ignores the header.
 */
export function clientIp(req: Request, trustedHops: number, env?: unknown): string {
  const socket = (env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress ?? 'local';
  if (trustedHops <= 0) return socket;
  const forwarded = (req.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (forwarded.length === 0) return socket;
  // Fewer entries than trusted proxies: the request skipped one; the left-most is the nearest we have.
  return withoutPort(forwarded[Math.max(0, forwarded.length - trustedHops)]);
}

/** Some proxies write `1.2.3.4:5678` or `[2001:db8::1]:5678`; the port says nothing about the client. */
function withoutPort(hop: string): string {
  if (isIP(hop)) return hop;
  const v4 = hop.match(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/)?.[1];
  const v6 = hop.match(/^\[([0-9a-f:.]+)\](?::\d+)?$/i)?.[1];
  return v4 ?? v6 ?? hop.slice(0, 100);
}
