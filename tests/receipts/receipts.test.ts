// A receipt e-mail for every purchase — a plan's first month, a credit pack, each renewal and a
// paid plan change — exactly once however often Stripe delivers the event, and none for a payment
// that failed. Over the fake Stripe and, where mail must really leave, the fake SMTP server.
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { outbox } from '../../src/server/db/schema';
import {
  checkout,
  closeStripeApps,
  deliver,
  type FakeStripe,
  lastCheckout,
  PRICE_ENV,
  send,
  state,
  stripeApp,
  subscribe,
  type TestApp,
  testModeApp,
} from '../billing/setup';
import { ORIGIN, signUp } from '../helpers/app';
import { type FakeSmtp, startFakeSmtp } from '../helpers/smtp';

const smtps: FakeSmtp[] = [];
afterEach(async () => {
  await closeStripeApps();
  for (const smtp of smtps.splice(0)) await smtp.close();
});

const DAY = 86_400_000;

/** The receipts written for one address, oldest first. */
async function receipts(app: TestApp, to: string) {
  return app.deps.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.kind, 'receipt')))
    .orderBy(outbox.createdAt);
}

function postForm(app: TestApp, path: string, cookie: string) {
  const headers = { 'content-type': 'application/x-www-form-urlencoded' };
  return app.request(path, { method: 'POST', cookie, headers, body: '', redirect: 'manual' });
}

/** Nothing a receipt may carry: provider keys, customer and payment ids, card digits. */
function expectNoSecrets(text: string) {
  for (const secret of [/sk_test/, /whsec/, /cus_/, /pi_/, /ch_/, /last4/, /password/i]) {
    expect(text).not.toMatch(secret);
  }
}

describe('receipts in test mode (the local test checkout)', () => {
  it('a credit pack: one receipt, labelled test, with the pack, amount, date, new balance and the Settings link', async () => {
    const app = await testModeApp();
    const member = await signUp(app);
    const { url } = await (await checkout(app, member.cookie, { kind: 'pack', id: 'creator' })).json();
    expect((await postForm(app, `${url}/pay`, member.cookie)).status).toBe(303);
    // A second press of Pay (back button, double submit) buys nothing more and mails nothing more.
    expect((await postForm(app, `${url}/pay`, member.cookie)).status).toBe(303);

    const mails = await receipts(app, member.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const balance = (await state(app, member.user.id)).balance;
    expect(mail.subject).toBe('[Test] Your Clipsmith receipt: Creator Pack (14 credits)');
    expect(mail.text).toContain('Test mode: no real payment was taken');
    expect(mail.text).toContain('Bought:    Creator Pack (14 credits)');
    expect(mail.text).toContain('Amount:    $12.99 USD (test, not charged)');
    const today = new Date().toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
    expect(mail.text).toContain(`Date:      ${today}`);
    expect(mail.text).toContain(`Now:       ${balance} credits in your balance`);
    expect(mail.text).toContain(`${ORIGIN}/settings`);
    expect(mail.text).not.toContain('Stripe');
    expect(mail.html).toContain(`href="${ORIGIN}/settings"`);
    expectNoSecrets(mail.text);
    // The first app of a file pays for loading the migrated database template.
  }, 90_000);

  it('a plan: one receipt naming the plan, its price and the date it ends', async () => {
    const app = await testModeApp();
    const member = await signUp(app);
    const { url } = await (await checkout(app, member.cookie, { kind: 'plan', id: 'basic' })).json();
    expect((await postForm(app, `${url}/pay`, member.cookie)).status).toBe(303);
    const mails = await receipts(app, member.email);
    expect(mails).toHaveLength(1);
    const end = (await state(app, member.user.id)).membership.currentPeriodEnd!;
    const until = end.toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
    expect(mails[0].subject).toBe('[Test] Your Clipsmith receipt: Basic plan, first month');
    expect(mails[0].text).toContain('Amount:    $7.99 USD (test, not charged)');
    expect(mails[0].text).toContain(`Now:       Basic plan until ${until} (test plans do not renew)`);
  });

  it('a cancelled test checkout mails nothing', async () => {
    const app = await testModeApp();
    const member = await signUp(app);
    const { url } = await (await checkout(app, member.cookie, { kind: 'pack', id: 'starter' })).json();
    expect((await postForm(app, `${url}/cancel`, member.cookie)).status).toBe(303);
    expect(await receipts(app, member.email)).toHaveLength(0);
  });
});

describe('receipts with Stripe, sent over SMTP', () => {
  async function setup() {
    const smtp = await startFakeSmtp();
    smtps.push(smtp);
    const { app, fake } = await stripeApp({ ...PRICE_ENV, SMTP_URL: smtp.url });
    const member = await signUp(app);
    return { app, fake, smtp, member };
  }

  /** Receipts the SMTP server received for an address (after giving a late one time to arrive). */
  async function received(smtp: FakeSmtp, to: string, settleMs = 300) {
    await new Promise((r) => setTimeout(r, settleMs));
    return smtp.received.filter((m) => m.to.includes(to) && /receipt/.test(m.headers.subject ?? ''));
  }

  async function invoicePaid(app: TestApp, fake: FakeStripe, subscriptionId: string) {
    return send(app, fake, 'invoice.paid', fake.invoice(subscriptionId));
  }

  it('a credit pack: one receipt however often and however late the event is delivered', async () => {
    const { app, fake, smtp, member } = await setup();
    expect((await checkout(app, member.cookie, { kind: 'pack', id: 'pro' })).status).toBe(200);
    const row = await lastCheckout(app, member.user.id);
    const session = fake.pay(row.id);
    const event = fake.event('checkout.session.completed', session);
    // The same delivery twice at once, a redelivery, and a second event for the same session.
    const outcomes = await Promise.all([
      deliver(app, event.body, fake.sign(event.body)),
      deliver(app, event.body, fake.sign(event.body)),
    ]);
    expect(outcomes.map((r) => r.status)).toEqual([200, 200]);
    expect(await send(app, fake, 'checkout.session.async_payment_succeeded', session)).toBe('duplicate');
    expect((await deliver(app, event.body, fake.sign(event.body))).status).toBe(200);

    const mail = await smtp.waitFor(member.email, {
      subject: 'Your Clipsmith receipt: Pro Pack (30 credits)',
    });
    expect(mail.text).toContain('Thank you for your purchase.');
    expect(mail.text).toContain('Amount:    $24.99 USD');
    expect(mail.text).toContain(`Reference: ${row.id}`);
    expect(mail.text).toContain(`${(await state(app, member.user.id)).balance} credits in your balance`);
    expect(mail.text).toContain('Stripe, which may e-mail you its own receipt as well');
    expect(mail.text).not.toContain('Test mode');
    expectNoSecrets(mail.text);
    expect(await received(smtp, member.email)).toHaveLength(1);
    expect(await receipts(app, member.email)).toHaveLength(1);
    expect((await receipts(app, member.email))[0].sentAt).not.toBeNull();
  });

  it('a plan: the first invoice paid mails one receipt with the renewal date, redelivered or not', async () => {
    const { app, fake, smtp, member } = await setup();
    const periodEnd = new Date(Date.now() + 30 * DAY);
    const { subscriptionId } = await subscribe(app, fake, member, 'basic', { periodEnd });
    const invoice = fake.invoice(subscriptionId);
    const event = fake.event('invoice.paid', invoice);
    for (let i = 0; i < 3; i++)
      expect((await deliver(app, event.body, fake.sign(event.body))).status).toBe(200);
    // Stripe may also send a second event about the same invoice: still one receipt.
    await invoicePaid(app, fake, subscriptionId);

    const mail = await smtp.waitFor(member.email, {
      subject: 'Your Clipsmith receipt: Basic plan, first month',
    });
    const renews = periodEnd.toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
    expect(mail.text).toContain('Amount:    $7.99 USD');
    expect(mail.text).toContain(`Now:       Basic plan, renews on ${renews} unless you cancel`);
    expect(mail.text).toContain(`Reference: ${invoice.id}`);
    expectNoSecrets(mail.text);
    expect(await received(smtp, member.email)).toHaveLength(1);
  });

  it('each renewal and a paid plan change mail their own receipt; a failed renewal mails none', async () => {
    const { app, fake, smtp, member } = await setup();
    const { subscriptionId } = await subscribe(app, fake, member, 'basic');
    await invoicePaid(app, fake, subscriptionId);

    const next = new Date(Date.now() + 60 * DAY);
    fake.renew(subscriptionId, { periodEnd: next });
    expect(await invoicePaid(app, fake, subscriptionId)).toBe('applied');
    const renewal = await smtp.waitFor(member.email, {
      subject: 'Your Clipsmith receipt: Basic plan, renewal (one month)',
    });
    const renews = next.toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
    expect(renewal.text).toContain(`Basic plan, renews on ${renews}`);

    fake.changePrice(subscriptionId, 'price_premium', { invoiceNow: true });
    await invoicePaid(app, fake, subscriptionId);
    const change = await smtp.waitFor(member.email, {
      subject: 'Your Clipsmith receipt: Premium plan, plan change',
    });
    expect(change.text).toContain('Amount:    $12.99 USD');

    // A renewal whose payment fails: past due, and no receipt.
    fake.failRenewal(subscriptionId);
    expect(await send(app, fake, 'invoice.payment_failed', fake.invoice(subscriptionId))).toBe('applied');
    expect(await received(smtp, member.email)).toHaveLength(3);
    expect(await receipts(app, member.email)).toHaveLength(3);
  });

  it('a first payment that never arrives (pending, then expired) mails no receipt', async () => {
    const { app, fake, member } = await setup();
    const { subscriptionId } = await subscribe(app, fake, member, 'basic', { firstPayment: 'pending' });
    expect(await send(app, fake, 'invoice.payment_failed', fake.invoice(subscriptionId))).not.toBe(
      'duplicate',
    );
    fake.expireFirstPayment(subscriptionId);
    await send(app, fake, 'customer.subscription.updated', fake.subscriptions.get(subscriptionId)!);
    // A pack whose bank debit failed.
    expect((await checkout(app, member.cookie, { kind: 'pack', id: 'starter' })).status).toBe(200);
    const row = await lastCheckout(app, member.user.id);
    const session = fake.pay(row.id, { paymentStatus: 'unpaid' });
    await send(app, fake, 'checkout.session.completed', session);
    await send(app, fake, 'checkout.session.async_payment_failed', session);
    expect(await receipts(app, member.email)).toHaveLength(0);
  });
});
