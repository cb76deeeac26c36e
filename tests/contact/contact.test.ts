import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../src/core/messages';
import { errorOf, rows } from '../helpers/accounts';
import { createTestApp, signUp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const contact = (json: unknown, cookie?: string) =>
  t.request('/api/contact', { method: 'POST', json, cookie });

describe('POST /api/contact', () => {
  it('stores the message and answers 201', async () => {
    const res = await contact({
      name: ' Sam ',
      email: ' Sam@Example.com',
      message: '  Hello, I have a question.  ',
    });
    expect(res.status).toBe(201);
    const stored = await rows(t, sql`select name, email, message, user_id from contact_messages`);
    expect(stored).toEqual([
      { name: 'Sam', email: 'sam@example.com', message: 'Hello, I have a question.', user_id: null },
    ]);
  });

  it('links the message to the signed-in member', async () => {
    const { cookie, user } = await signUp(t);
    const res = await contact(
      { name: 'Member', email: 'member@example.com', message: 'A longer message here' },
      cookie,
    );
    expect(res.status).toBe(201);
    const [row] = await rows(t, sql`select user_id from contact_messages where name = 'Member'`);
    expect(row.user_id).toBe(user.id);
  });

  it.each([
    [{ email: 'a@example.com', message: 'long enough message' }, MESSAGES.contactNameRequired],
    [{ name: '  ', email: 'a@example.com', message: 'long enough message' }, MESSAGES.contactNameRequired],
    [
      { name: 'x'.repeat(101), email: 'a@example.com', message: 'long enough message' },
      MESSAGES.contactNameTooLong,
    ],
    [{ name: 'A', email: 'nope', message: 'long enough message' }, MESSAGES.invalidEmail],
    [{ name: 'A', message: 'long enough message' }, MESSAGES.invalidEmail],
    [{ name: 'A', email: 'a@example.com', message: 'too short' }, MESSAGES.contactMessageTooShort],
    [{ name: 'A', email: 'a@example.com', message: 'x'.repeat(5001) }, MESSAGES.contactMessageTooLong],
  ])('refuses %j with the field message', async (body, message) => {
    const res = await contact(body);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: 'invalid_request', message });
  });
});

describe('contact rate limit', () => {
  let r: TestApp;
  beforeAll(async () => {
    // The window is fixed (10 minutes): keep the burst inside one by holding the clock still.
    vi.useFakeTimers({ toFake: ['Date'], now: Math.floor(Date.now() / 600_000) * 600_000 + 1000 });
    r = await createTestApp({ env: { RATE_LIMIT: 'true' } });
  });
  afterAll(async () => {
    await r?.close();
    vi.useRealTimers();
  });

  it('answers 429 after 5 messages from one address', async () => {
    const send = () =>
      r.request('/api/contact', {
        method: 'POST',
        json: { name: 'Spammer', email: 'spam@example.com', message: 'buy my things now please' },
      });
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(201);
    const res = await send();
    expect(res.status).toBe(429);
    expect((await errorOf(res)).code).toBe('rate_limited');
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    const [{ n }] = await rows<{ n: number }>(r, sql`select count(*)::int as n from contact_messages`);
    expect(n).toBe(5);
  });
});
