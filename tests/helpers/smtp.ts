// A local SMTP server speaking the real protocol, for testing the nodemailer adapter end to end.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  from: string;
  to: string[];
  /** The raw RFC 5322 message as received. */
  raw: string;
  headers: Record<string, string>;
  /** Decoded text/plain part ('' when there is none). */
  text: string;
  /** Decoded text/html part ('' when there is none). */
  html: string;
};

/** An SMTP reply the fake answers with instead of accepting (RFC 5321 §4.2: 4xx = try later, 5xx = never). */
export type SmtpRefusal = { code: number; message: string; at: 'connect' | 'data' };

export type FakeSmtp = {
  url: string;
  host: string;
  port: number;
  received: ReceivedMail[];
  /** Refuse every following connection or message with this reply; null accepts again. */
  refuse(reply: SmtpRefusal | null): void;
  /**
   * The login the server accepts from now on. Any other gets 535 5.7.8 (RFC 4954), as a provider
   * answers a wrong or rotated password.
   */
  setCredentials(login: { user: string; pass: string }): void;
  /** Messages refused so far. */
  refused: number;
  /** Resolves with the first message to `to` (of that subject, if given), waiting up to timeoutMs. */
  waitFor(to: string, opts?: { subject?: string; timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
};

export async function startFakeSmtp(
  auth = { user: 'mailer', pass: 'mail-secret' },
  opts: {
    /** Interface to listen on (loopback by default). */
    listen?: string;
    /** Offer STARTTLS (with smtp-server's built-in self-signed certificate). Off by default. */
    starttls?: boolean;
  } = {},
): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  let login = auth;
  let refusal: SmtpRefusal | null = null;
  let refused = 0;
  const refuseNow = (at: SmtpRefusal['at']) => {
    if (!refusal || refusal.at !== at) return null;
    refused++;
    return Object.assign(new Error(refusal.message), { responseCode: refusal.code });
  };
  const server = new SMTPServer({
    // Plain SMTP unless asked: no certificate to trust, but AUTH still required and checked.
    disabledCommands: opts.starttls ? [] : ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, callback) {
      callback(refuseNow('connect') ?? undefined);
    },
    onAuth(a, _session, callback) {
      if (a.username === login.user && a.password === login.pass) callback(null, { user: a.username });
      else
        callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const refusedNow = refuseNow('data');
        if (refusedNow) return callback(refusedNow);
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMessage(raw),
        });
        callback();
      });
    },
  });
  const host = opts.listen ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${auth.user}:${auth.pass}@127.0.0.1:${port}`,
    host,
    port,
    received,
    refuse(reply) {
      refusal = reply;
    },
    setCredentials(next) {
      login = next;
    },
    get refused() {
      return refused;
    },
    async waitFor(to, { subject, timeoutMs = 10_000 } = {}) {
      const end = Date.now() + timeoutMs;
      while (Date.now() < end) {
        const mail = received.find(
          (m) => m.to.includes(to) && (subject === undefined || m.headers.subject === subject),
        );
        if (mail) return mail;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`the SMTP server received no message to ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Part = { headers: Record<string, string>; body: string };

function splitPart(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decode(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

/** Headers plus the decoded text and html parts (single part or one level of multipart). */
function parseMessage(raw: string): Pick<ReceivedMail, 'headers' | 'text' | 'html'> {
  const top = splitPart(raw);
  const out = { headers: top.headers, text: '', html: '' };
  const parts: Part[] = [];
  const boundary = top.headers['content-type']?.match(/boundary="?([^";]+)"?/i)?.[1];
  if (boundary) {
    for (const chunk of top.body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      parts.push(splitPart(chunk.replace(/^\r?\n/, '')));
    }
  } else {
    parts.push(top);
  }
  for (const part of parts) {
    const type = (part.headers['content-type'] ?? 'text/plain').toLowerCase();
    if (type.startsWith('text/plain')) out.text = decode(part);
    else if (type.startsWith('text/html')) out.html = decode(part);
  }
  return out;
}
