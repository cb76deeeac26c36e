// The caller's address: the socket's, or the first X-Forwarded-For hop behind a trusted proxy.
type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

export function clientIp(req: Request, trustProxy: boolean, env?: unknown): string {
  if (trustProxy) {
    const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  const remote = (env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
  return remote ?? 'local';
}
