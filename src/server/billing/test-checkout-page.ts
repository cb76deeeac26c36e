// The embedded payments default's pages: a local checkout page, rendered by the server, that
// stands in for Stripe Checkout when no STRIPE_SECRET_KEY is set. Pay runs the same fulfilment as
// a real payment. The forms are protected against CSRF by three things together: the session cookie must
// belong to the session's owner, the cookie is SameSite=Lax (not sent on cross-site POSTs), and the
// Origin header must be one of ours.
import { type Context, Hono } from 'hono';
import { findPack, findPlan, formatPrice, PLANS, pricePerCredit, totalCredits } from '../../core/catalog';
import { type Tier, tierLabel } from '../../core/tiers';
import type { Auth } from '../auth/auth';
import { optionalUser, type SessionUser } from '../auth/session';
import type { Config } from '../config';
import type { CheckoutSessionRow } from '../db/schema';
import { statusOf } from '../http/errors';
import type { RequestVars } from '../http/request-log';
import { effectiveTier } from '../membership/plan';
import type { BillingDeps } from './deps';
import { BILLING_MESSAGES } from './messages';
import {
  cancelTestCheckout,
  cancelTestPlan,
  payTestCheckout,
  switchTestPlan,
  testCheckoutForOwner,
} from './test-checkout';

type Deps = BillingDeps & {
  auth: Auth;
  config: Pick<Config, 'publicUrl' | 'stripePrices' | 'trustedOrigins'>;
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f7fb;color:#1f2330;line-height:1.5}
main{max-width:28rem;margin:3rem auto;padding:0 1rem}
.banner{background:#fff4ce;border:2px solid #d99a00;color:#5c4100;border-radius:.75rem;padding:.75rem 1rem;font-weight:700;text-align:center;margin:0 0 1.5rem}
.card{background:#fff;border:1px solid #e2e5ee;border-radius:1rem;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.06)}
h1{font-size:1.5rem;margin:0 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1.5rem}
dt{color:#5b6275}dd{margin:0;font-weight:600;text-align:right}
.price{font-size:1.25rem}
.actions{display:flex;flex-direction:column;gap:.75rem}
button,.link{font:inherit;font-weight:600;width:100%;padding:.75rem 1rem;border-radius:.6rem;cursor:pointer;text-align:center;text-decoration:none;display:block}
.primary{background:#4f46e5;color:#fff;border:2px solid #4f46e5}
.primary:hover{background:#4338ca}
.secondary{background:#fff;color:#1f2330;border:2px solid #c9cedb}
button:focus-visible,.link:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.note{color:#5b6275;font-size:.875rem;margin:1rem 0 0}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Clipsmith</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="banner" role="note">Test mode — no real payment</p>
${body}
</main>
</body>
</html>`;
}

function messagePage(title: string, message: string): string {
  return page(
    title,
    `<div class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>
<a class="link secondary" href="/pricing">Back to pricing</a></div>`,
  );
}

function itemSummary(row: CheckoutSessionRow): { name: string; rows: [string, string][]; price: number } {
  if (row.kind === 'pack') {
    const pack = findPack(row.itemId)!;
    const credits = pack.bonus > 0 ? `${pack.credits} + ${pack.bonus} bonus` : String(pack.credits);
    return {
      name: pack.name,
      price: pack.price,
      rows: [
        ['Credits', `${credits} (${totalCredits(pack)} total)`],
        ['Per credit', `$${pricePerCredit(pack)}`],
      ],
    };
  }
  const plan = findPlan(row.itemId)!;
  return {
    name: `${plan.name} plan`,
    price: plan.price,
    rows: [
      ['Includes', plan.features.map((feature) => feature.text).join(', ')],
      ['Billing', 'Monthly (test: one month, no renewal)'],
    ],
  };
}

function checkoutPage(row: CheckoutSessionRow, user: SessionUser): string {
  const item = itemSummary(row);
  const id = encodeURIComponent(row.id);
  const details = [['Item', item.name], ...item.rows]
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
    .join('');
  const price = formatPrice(item.price);
  return page(
    `Checkout: ${item.name}`,
    `<div class="card">
<h1>Checkout</h1>
<dl>${details}<dt>Total</dt><dd class="price">${escapeHtml(price)}</dd></dl>
<div class="actions">
<form method="post" action="/checkout/test/${id}/pay"><button class="primary" type="submit">Pay ${escapeHtml(price)} (test)</button></form>
<form method="post" action="/checkout/test/${id}/cancel"><button class="secondary" type="submit">Cancel</button></form>
</div>
<p class="note">Signed in as ${escapeHtml(user.email)}. No card is needed and no money moves: this server has no
payment provider configured (set STRIPE_SECRET_KEY to use Stripe).</p>
</div>`,
  );
}

function portalPage(tier: Tier): string {
  const paid = tier !== 'free';
  // Like Stripe's Customer Portal: switch to another paid plan (at once here, no proration), or cancel.
  const switches = PLANS.filter((plan) => plan.price > 0 && plan.tier !== tier)
    .map(
      (plan) =>
        `<form method="post" action="/checkout/test/portal/switch"><input type="hidden" name="plan" value="${escapeHtml(plan.id)}"><button class="secondary" type="submit">Switch to ${escapeHtml(plan.name)} (${escapeHtml(formatPrice(plan.price))}/month)</button></form>`,
    )
    .join('\n');
  const body = paid
    ? `<p>Your plan: <strong>${escapeHtml(tierLabel(tier))}</strong>.</p>
<div class="actions">
${switches}
<form method="post" action="/checkout/test/portal/cancel"><button class="secondary" type="submit">Cancel subscription</button></form>
<a class="link primary" href="/dashboard">Back to dashboard</a>
</div>`
    : `<p>You have no subscription.</p><a class="link primary" href="/pricing">See plans</a>`;
  return page('Manage subscription', `<div class="card"><h1>Manage subscription</h1>${body}</div>`);
}

export function testCheckoutRoutes(deps: Deps) {
  const { config } = deps;
  const html = (c: Context, body: string, status: 200 | 400 | 403 | 404 | 409 = 200) =>
    c.html(body, status, { 'Cache-Control': 'no-store' });

  /** The signed-in owner, or a response that sends the visitor to sign in first. */
  async function who(c: Context): Promise<SessionUser | Response> {
    const user = await optionalUser(deps.auth, c.req.raw.headers);
    if (user) return user;
    if (c.req.method !== 'GET') return html(c, messagePage('Please sign in', 'Sign in to continue.'), 403);
    return c.redirect(`/login?redirectTo=${encodeURIComponent(c.req.path)}`, 303);
  }

  /** Forms must come from our own pages; browsers always send Origin on a POST. */
  function sameOrigin(c: Context): boolean {
    const origin = c.req.header('origin');
    return Boolean(origin) && config.trustedOrigins.includes(origin!);
  }

  async function guarded(c: Context, action: (user: SessionUser) => Promise<Response>): Promise<Response> {
    if (deps.payments.kind !== 'test') return html(c, messagePage('Not found', 'No such checkout.'), 404);
    if (c.req.method === 'POST' && !sameOrigin(c)) {
      return html(c, messagePage('Refused', BILLING_MESSAGES.badOrigin), 403);
    }
    const user = await who(c);
    if (user instanceof Response) return user;
    try {
      return await action(user);
    } catch (error) {
      const refused = statusOf(error);
      if (refused === undefined || !(error instanceof Error)) throw error;
      const status = refused === 404 || refused === 409 ? refused : 400;
      return html(c, messagePage(status === 404 ? 'Not found' : 'Checkout', error.message), status);
    }
  }

  return new Hono<{ Variables: RequestVars }>()
    .get('/portal', (c) =>
      guarded(c, async (user) => html(c, portalPage(await effectiveTier(deps.db, user.id)))),
    )
    .post('/portal/switch', (c) =>
      guarded(c, async (user) => {
        const form = await c.req.parseBody();
        await switchTestPlan(deps, { userId: user.id, planId: String(form.plan ?? '') });
        return c.redirect('/dashboard?subscription=changed', 303);
      }),
    )
    .post('/portal/cancel', (c) =>
      guarded(c, async (user) => {
        await cancelTestPlan(deps, user.id);
        return c.redirect('/dashboard?subscription=cancelled', 303);
      }),
    )
    .get('/:sessionId', (c) =>
      guarded(c, async (user) => {
        const row = await testCheckoutForOwner(deps, c.req.param('sessionId'), user.id);
        if (row.status === 'completed') {
          return c.redirect(`/checkout/success?session_id=${encodeURIComponent(row.id)}`, 303);
        }
        if (row.status === 'cancelled') {
          return html(
            c,
            messagePage('Checkout cancelled', 'This checkout was cancelled. Nothing was charged.'),
          );
        }
        return html(c, checkoutPage(row, user));
      }),
    )
    .post('/:sessionId/pay', (c) =>
      guarded(c, async (user) => {
        const sessionId = c.req.param('sessionId');
        await payTestCheckout(deps, { userId: user.id, sessionId });
        return c.redirect(`/checkout/success?session_id=${encodeURIComponent(sessionId)}`, 303);
      }),
    )
    .post('/:sessionId/cancel', (c) =>
      guarded(c, async (user) => {
        await cancelTestCheckout(deps, { userId: user.id, sessionId: c.req.param('sessionId') });
        return c.redirect('/pricing?checkout=cancelled', 303);
      }),
    );
}
