// A NUL byte or a lone surrogate in any text a client sends is refused with a 400 in our JSON error
// shape, and nothing is stored: PostgreSQL refuses NUL in `text` (it used to answer 500) and lone
// surrogates used to be stored as they came.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/core/messages';
import { errorOf, rows } from '../helpers/accounts';
import { createTestApp, signUp, type TestApp } from '../helpers/app';

let t: TestApp;
let member: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  member = await signUp(t, 'member@example.com');
});
afterAll(() => t?.close());

const BAD = { nul: 'a\u0000b', 'lone high surrogate': 'cat \uD83D', 'lone low surrogate': '\uDC31 cat' };

/** Every row of every table of ours, as text: equal fingerprints mean nothing was written. */
async function fingerprint() {
  const tables = await rows<{ name: string }>(
    t,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const [row] = await rows<{ digest: string | null }>(
      t,
      sql`select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as digest from ${sql.identifier(name)} x`,
    );
    parts.push(`${name}:${row.digest}`);
  }
  return parts.join('\n');
}

/** `only`: a URL cannot carry a lone surrogate (it has no UTF-8 form), so queries test NUL only. */
type Case = { label: string; send: (text: string) => Promise<Response>; only?: Array<keyof typeof BAD> };
const post = (path: string, json: unknown, cookie?: string, method = 'POST') =>
  t.request(path, { method, json, cookie });

const cases: Case[] = [
  {
    label: 'generation prompt',
    send: (s) => post('/api/generations', { prompt: `a ${s} cat` }, member.cookie),
  },
  { label: 'full name', send: (s) => post('/api/me/profile', { fullName: s }, member.cookie, 'PATCH') },
  {
    label: 'username',
    send: (s) => post('/api/me/profile', { fullName: 'Ada', username: `ada_${s}` }, member.cookie, 'PATCH'),
  },
  {
    label: 'contact name',
    send: (s) =>
      post('/api/contact', { name: s, email: 'sam@example.com', message: 'A long enough message' }),
  },
  {
    label: 'contact e-mail',
    send: (s) =>
      post('/api/contact', { name: 'Sam', email: `sam${s}@example.com`, message: 'A long enough message' }),
  },
  {
    label: 'contact message',
    send: (s) =>
      post('/api/contact', { name: 'Sam', email: 'sam@example.com', message: `A long enough ${s} message` }),
  },
  {
    label: 'gallery search',
    send: (s) => t.request(`/api/gallery?q=${encodeURIComponent(`cat ${s}`)}`, { cookie: member.cookie }),
    only: ['nul'],
  },
  {
    label: 'gallery cursor',
    send: (s) => t.request(`/api/gallery?cursor=${encodeURIComponent(s)}`, { cookie: member.cookie }),
    only: ['nul'],
  },
  {
    label: 'sign-up e-mail',
    send: (s) =>
      post('/api/auth/sign-up/email', { email: `new${s}@example.com`, password: 'lantern orchard velvet' }),
  },
  {
    label: 'sign-up password',
    send: (s) =>
      post('/api/auth/sign-up/email', { email: 'new@example.com', password: `lantern orchard ${s}` }),
  },
  {
    label: 'sign-up name',
    send: (s) =>
      post('/api/auth/sign-up/email', {
        email: 'new@example.com',
        password: 'lantern orchard velvet',
        name: s,
      }),
  },
  {
    label: 'sign-in e-mail',
    send: (s) =>
      post('/api/auth/sign-in/email', { email: `member${s}@example.com`, password: 'whatever it is' }),
  },
  {
    label: 'password-reset request e-mail',
    send: (s) => post('/api/auth/request-password-reset', { email: `member${s}@example.com` }),
  },
  {
    label: 'reset token',
    send: (s) =>
      post('/api/auth/reset-password', { token: `tok${s}`, newPassword: 'lantern orchard velvet' }),
  },
  {
    label: 'change-password current password',
    send: (s) =>
      post(
        '/api/auth/change-password',
        { currentPassword: s, newPassword: 'lantern orchard velvet' },
        member.cookie,
      ),
  },
  {
    label: 'change-password new password',
    send: (s) =>
      post(
        '/api/auth/change-password',
        { currentPassword: member.password, newPassword: `lantern orchard ${s}` },
        member.cookie,
      ),
  },
  {
    label: 'delete-account e-mail',
    send: (s) => post('/api/me', { confirmEmail: `member${s}@example.com` }, member.cookie, 'DELETE'),
  },
  {
    label: 'checkout item',
    send: (s) => post('/api/billing/checkout', { kind: 'pack', id: `small${s}` }, member.cookie),
  },
  {
    label: 'checkout return path',
    send: (s) =>
      post('/api/billing/checkout', { kind: 'plan', id: 'basic', returnTo: `/generate${s}` }, member.cookie),
  },
  {
    label: 'billing portal return path',
    send: (s) => post('/api/billing/portal', { returnTo: `/dashboard${s}` }, member.cookie),
  },
];

describe('text that cannot be stored', () => {
  it.each(cases)('is refused in the $label with a 400, storing nothing', async ({ send, only }) => {
    for (const [kind, text] of Object.entries(BAD)) {
      if (only && !only.includes(kind as keyof typeof BAD)) continue;
      const before = await fingerprint();
      const res = await send(text);
      expect(res.status, kind).toBe(400);
      const error = await errorOf(res);
      expect(error.code, kind).toBe('invalid_request');
      expect(error.message, kind).toBe(MESSAGES.unstorableText);
      expect(await fingerprint(), kind).toBe(before);
    }
  });

  it('while emoji, accents and new lines are kept as typed', async () => {
    const res = await post('/api/contact', {
      name: 'Zoë 🐱',
      email: 'zoe@example.com',
      message: 'Line one ☕\nline two 👩‍🚀',
    });
    expect(res.status).toBe(201);
    const [row] = await rows(
      t,
      sql`select name, message from contact_messages where email = 'zoe@example.com'`,
    );
    expect(row).toEqual({ name: 'Zoë 🐱', message: 'Line one ☕\nline two 👩‍🚀' });
  });
});
