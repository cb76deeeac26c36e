// Mail floods: nobody can make us mail one address over and over, whatever client address they
// come from (the request limits are off here, as behind rotated addresses). Each kind of mail has a
// budget per recipient (3 an hour), counted in the outbox; the answers stay the same past it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAIL_BUDGETS } from '../../src/server/mail/budget';
import { rows, waitForMail } from '../helpers/accounts';
import { createTestApp, signUp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { background: false } });
});
afterAll(() => t?.close());

const ATTEMPTS = 12;

/** How many mails of `kind` went to `to`, once the background sends have settled. */
async function mailsTo(to: string, kind: string, atLeast: number) {
  await waitForMail(t, to, { kind, count: atLeast });
  await new Promise((r) => setTimeout(r, 300));
  const [{ n }] = await rows<{ n: number }>(
    t,
    sql`select count(*)::int as n from outbox where "to" = ${to} and kind = ${kind}`,
  );
  return n;
}

it('sends at most 3 confirmation links an hour to one address, however often its password signs in', async () => {
  const email = 'flooded@example.com';
  const password = 'lantern orchard velvet';
  expect(MAIL_BUDGETS['email-verification'].limit).toBe(3);
  const signedUp = await t.request('/api/auth/sign-up/email', { method: 'POST', json: { email, password } });
  expect(signedUp.status).toBe(200);
  const answers = await Promise.all(
    Array.from({ length: ATTEMPTS }, () =>
      t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } }),
    ),
  );
  // Every sign-in gets the same answer, mailed or not.
  for (const res of answers) expect(res.status).toBe(403);
  const bodies = new Set(await Promise.all(answers.map((r) => r.text())));
  expect(bodies.size).toBe(1);
  expect(await mailsTo(email, 'email-verification', 3)).toBe(3);
});

it('sends at most 3 reset links an hour to one address; the answer never changes', async () => {
  const { email } = await signUp(t, 'reset-flood@example.com');
  const answers: string[] = [];
  for (let i = 0; i < ATTEMPTS; i++) {
    const res = await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email, redirectTo: '/reset-password' },
    });
    expect(res.status).toBe(200);
    answers.push(await res.text());
  }
  expect(new Set(answers).size).toBe(1);
  expect(await mailsTo(email, 'password-reset', 3)).toBe(3);
  // The budget is per recipient: another member still gets a reset link.
  const other = await signUp(t, 'reset-neighbour@example.com');
  await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email: other.email } });
  expect(await mailsTo(other.email, 'password-reset', 1)).toBe(1);
});
