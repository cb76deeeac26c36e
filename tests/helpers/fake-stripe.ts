// A local fake of the Stripe API (real node:http on 127.0.0.1, random port) speaking what the SDK
// sends: form-encoded bodies with bracketed keys, JSON replies, Stripe-shaped errors, and replays
// of a POST with an Idempotency-Key already seen. It keeps customers, checkout sessions,
// subscriptions (with their invoices and payments), charges, refunds and disputes in memory, lets
// a test "pay" a session as the hosted page would and move a subscription through the life cycle
// Stripe documents (incomplete → active or incomplete_expired; a failed renewal → past_due →
// unpaid, paid again → active; a trial without payment method → paused; portal plan changes),
// open and close disputes, and builds signed webhook events. Subscriptions and checkout sessions
// are listed by customer and status, a page at a time, as Stripe lists them. Unknown paths answer
// 404 and are recorded.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type StripeRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
};

type Obj = Record<string, unknown>;

type FakeSession = Obj & {
  id: string;
  mode: 'payment' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  customer: string | null;
  subscription: string | null;
  payment_intent: string | null;
  metadata: Record<string, string>;
  amount_total: number;
};

type FakeSubscription = Obj & {
  id: string;
  status: string;
  customer: string | null;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  latest_invoice: string | null;
  items: { object: 'list'; data: Obj[] };
};

type FakeInvoice = Obj & {
  id: string;
  status: 'open' | 'paid' | 'void';
  subscription: string;
  customer: string | null;
  amount_due: number;
  /** The payment intent that paid it, once paid. */
  paidBy: string | null;
};

type FakeCharge = Obj & {
  id: string;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  payment_intent: string;
  customer: string | null;
};

type FakeDispute = Obj & { id: string; status: string; charge: string; payment_intent: string };

export type FakeStripe = {
  /** For STRIPE_API_URL. */
  url: string;
  webhookSecret: string;
  requests: StripeRequest[];
  unknown: StripeRequest[];
  sessions: Map<string, FakeSession>;
  subscriptions: Map<string, FakeSubscription>;
  customers: Map<string, Obj>;
  invoices: Map<string, FakeInvoice>;
  charges: Map<string, FakeCharge>;
  refunds: Map<string, Obj>;
  disputes: Map<string, FakeDispute>;
  /** Requests to one method + path prefix, e.g. calls('POST', '/v1/checkout/sessions'). */
  calls(method: string, pathPrefix: string): StripeRequest[];
  /** The next request to this method + path answers with a Stripe error. */
  failNext(method: string, path: string, status: number, message: string): void;
  /**
   * What Stripe does when the customer pays on the hosted page. For a plan, `firstPayment:
   * 'pending'` is a first payment that still needs 3-D Secure or a bank debit: the session
   * completes unpaid and the subscription starts `incomplete` with an open invoice.
   */
  pay(
    sessionId: string,
    opts?: { paymentStatus?: 'paid' | 'unpaid'; periodEnd?: Date; firstPayment?: 'paid' | 'pending' },
  ): FakeSession;
  /**
   * A subscription created outside our checkout (a second tab, the Dashboard), paid, or with
   * `firstPayment: 'pending'` incomplete with an open invoice.
   */
  createSubscription(opts: {
    customer: string;
    price: string;
    metadata?: Record<string, string>;
    firstPayment?: 'paid' | 'pending';
  }): FakeSubscription;
  /** A customer made in the Stripe Dashboard, not by the app; returns its id. */
  createCustomer(email: string): string;
  /** Changes a subscription as Stripe would (renewal, cancellation …). */
  updateSubscription(
    id: string,
    patch: { status?: string; periodEnd?: Date; cancelAtPeriodEnd?: boolean },
  ): FakeSubscription;
  /** The subscription's open invoice is paid (3-D Secure done, the debit cleared, the card updated). */
  payOpenInvoice(id: string, opts?: { periodEnd?: Date }): FakeSubscription;
  /** 23 hours without a first payment: incomplete → incomplete_expired, the invoice voided. */
  expireFirstPayment(id: string): FakeSubscription;
  /** A renewal whose payment fails: a new open invoice, active → past_due. */
  failRenewal(id: string): FakeSubscription;
  /** A renewal paid at once: a new paid invoice (subscription_cycle) and the period moved on. */
  renew(id: string, opts: { periodEnd: Date }): FakeSubscription;
  /** Smart Retries exhausted with the subscription setting "mark as unpaid" (or "cancel"). */
  exhaustRetries(id: string, outcome?: 'unpaid' | 'canceled'): FakeSubscription;
  /** A trial that ends without a payment method (paused), and its resumption. */
  pause(id: string): FakeSubscription;
  resume(id: string): FakeSubscription;
  /**
   * An upgrade or downgrade in the Customer Portal: the item's price changes; with `invoiceNow`
   * (the portal's "invoice prorations immediately") a paid subscription_update invoice too.
   */
  changePrice(id: string, price: string, opts?: { invoiceNow?: boolean }): FakeSubscription;
  /** The payment intent that paid a subscription's latest invoice. */
  paymentOf(subscriptionId: string): string;
  /** The cardholder disputes a payment: `needs_response`, the charge's funds withdrawn. */
  openDispute(paymentIntentId: string, opts?: { reason?: string }): FakeDispute;
  closeDispute(id: string, outcome: 'won' | 'lost'): FakeDispute;
  /** A Stripe event JSON body with a fresh id (or the given one). */
  event(type: string, object: Obj, opts?: { id?: string; created?: number }): { id: string; body: string };
  /** The charge of a payment, refunded in full (or by `amountRefunded`) as a refund in the Dashboard would. */
  charge(paymentIntentId: string, opts?: { refunded?: boolean; amountRefunded?: number }): Obj;
  invoice(subscriptionId: string): Obj;
  /** A Stripe-Signature header as Stripe would send it. */
  sign(body: string, opts?: { secret?: string; timestamp?: number }): string;
  close(): Promise<void>;
};

const PRICES: Record<string, number> = {
  price_basic: 799,
  price_premium: 1299,
  price_enterprise: 2499,
  price_starter: 499,
  price_creator: 1299,
  price_pro: 2499,
};

const DAY_SECONDS = 86_400;
/** Stripe's terminal subscription statuses (what `status=ended` lists). */
const ENDED = ['canceled', 'incomplete_expired'];

/** Parses `a[b][0][c]=v` form keys into nested objects; all-digit keys become arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Obj;
      }
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Obj).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) return entries.map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

const now = () => Math.floor(Date.now() / 1000);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function startFakeStripe(webhookSecret = 'whsec_test_secret'): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const unknown: StripeRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const customers = new Map<string, Obj>();
  const invoices = new Map<string, FakeInvoice>();
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<string, Obj>();
  const disputes = new Map<string, FakeDispute>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const failures: { method: string; path: string; status: number; message: string }[] = [];
  const sockets = new Set<import('node:net').Socket>();
  let counter = 0;
  let url = '';
  const nextId = (prefix: string) => `${prefix}_${(++counter).toString().padStart(6, '0')}`;
  const signer = new Stripe('sk_test_signer');

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': nextId('req') });
    res.end(JSON.stringify(body));
  };
  const invalid = (res: http.ServerResponse, message: string, code?: string) =>
    send(res, 400, { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } });
  const missing = (res: http.ServerResponse, what: string, id: string) =>
    send(res, 404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` },
    });

  function subscriptionOf(id: string): FakeSubscription {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`fake stripe: no subscription ${id}`);
    return sub;
  }

  /** A payment that succeeded: its payment intent and charge. */
  function paymentOf(customer: string | null, amount: number): string {
    const paymentIntent = nextId('pi');
    const charge: FakeCharge = {
      id: nextId('ch'),
      object: 'charge',
      amount,
      amount_refunded: 0,
      refunded: false,
      payment_intent: paymentIntent,
      customer,
      disputed: false,
    };
    charges.set(charge.id, charge);
    return paymentIntent;
  }

  const chargeOf = (paymentIntent: string) =>
    [...charges.values()].find((c) => c.payment_intent === paymentIntent);

  function newInvoice(
    sub: FakeSubscription,
    paid: boolean,
    billingReason = sub.latest_invoice ? 'subscription_cycle' : 'subscription_create',
  ): FakeInvoice {
    const price = String((sub.items.data[0].price as Obj).id);
    const invoice: FakeInvoice = {
      id: nextId('in'),
      object: 'invoice',
      status: 'open',
      subscription: sub.id,
      customer: sub.customer,
      amount_due: PRICES[price] ?? 1000,
      amount_paid: 0,
      currency: 'usd',
      billing_reason: billingReason,
      status_transitions: { paid_at: null },
      paidBy: null,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: {} } },
    };
    invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    if (paid) settle(invoice);
    return invoice;
  }

  function settle(invoice: FakeInvoice) {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.status_transitions = { paid_at: now() };
    invoice.paidBy = paymentOf(invoice.customer, invoice.amount_due);
  }

  function setPeriodEnd(sub: FakeSubscription, end: Date) {
    for (const item of sub.items.data) item.current_period_end = seconds(end);
  }

  function newSubscription(opts: {
    customer: string | null;
    price: string;
    metadata: Record<string, string>;
    periodEnd: Date;
    firstPayment: 'paid' | 'pending';
  }): FakeSubscription {
    const sub: FakeSubscription = {
      id: nextId('sub'),
      object: 'subscription',
      status: opts.firstPayment === 'paid' ? 'active' : 'incomplete',
      customer: opts.customer,
      metadata: opts.metadata,
      cancel_at_period_end: false,
      latest_invoice: null,
      items: {
        object: 'list',
        data: [
          {
            id: nextId('si'),
            object: 'subscription_item',
            current_period_start: now(),
            current_period_end: seconds(opts.periodEnd),
            price: { id: opts.price, object: 'price' },
          },
        ],
      },
    };
    subscriptions.set(sub.id, sub);
    newInvoice(sub, opts.firstPayment === 'paid');
    return sub;
  }

  /** One page of a list as Stripe pages it: `limit` (default 10), `starting_after`, `has_more`. */
  function page(req: StripeRequest, all: Array<Obj & { id: string }>, listUrl: string) {
    const limit = Number(req.query.limit ?? 10);
    const after = req.query.starting_after;
    const start = after ? all.findIndex((o) => o.id === after) + 1 : 0;
    const data = all.slice(start, start + limit);
    return { object: 'list', data, has_more: start + limit < all.length, url: listUrl };
  }

  function handle(req: StripeRequest, res: http.ServerResponse) {
    const failure = failures.findIndex((f) => f.method === req.method && f.path === req.path);
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      return send(res, f.status, { error: { type: 'invalid_request_error', message: f.message } });
    }
    // Stripe answers a POST whose Idempotency-Key it has seen with the first answer, unchanged.
    const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
    if (typeof key === 'string') {
      const seen = idempotent.get(key);
      if (seen) return send(res, seen.status, seen.body);
      const original = send;
      return route(req, res, (r, status, body) => {
        if (status < 500) idempotent.set(key, { status, body });
        original(r, status, body);
      });
    }
    return route(req, res, send);
  }

  function route(req: StripeRequest, res: http.ServerResponse, reply: typeof send) {
    const { method, path, body } = req;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: nextId('cus'),
        object: 'customer',
        email: body.email ?? null,
        metadata: body.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return reply(res, 200, customer);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const lineItems = (body.line_items ?? []) as Obj[];
      const id = nextId('cs_test');
      const session: FakeSession = {
        ...body,
        id,
        object: 'checkout.session',
        mode: body.mode as FakeSession['mode'],
        status: 'open',
        payment_status: 'unpaid',
        customer: (body.customer as string | undefined) ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: (body.metadata ?? {}) as Record<string, string>,
        subscription: null,
        payment_intent: null,
        amount_total: PRICES[String(lineItems[0]?.price)] ?? 1000,
        currency: 'usd',
        url: `${url}/pay/${id}`,
      };
      sessions.set(id, session);
      return reply(res, 200, session);
    }
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const { payment_intent, customer, status, subscription } = req.query;
      const data = [...sessions.values()].filter(
        (s) =>
          (!payment_intent || s.payment_intent === payment_intent) &&
          (!customer || s.customer === customer) &&
          (!status || s.status === status) &&
          (!subscription || s.subscription === subscription),
      );
      return reply(res, 200, page(req, data, '/v1/checkout/sessions'));
    }
    let m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/);
    if (m) {
      const session = sessions.get(m[1]);
      if (!session) return missing(res, 'checkout.session', m[1]);
      if (method === 'GET' && !m[2]) return reply(res, 200, session);
      if (method === 'POST' && m[2]) {
        if (session.status !== 'open') {
          return invalid(res, `Only Checkout Sessions with a status in ["open"] can be expired.`);
        }
        session.status = 'expired';
        session.url = null;
        return reply(res, 200, session);
      }
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = nextId('bps');
      return reply(res, 200, {
        id,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: `${url}/portal/${id}`,
      });
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      // Stripe: no status lists every subscription that is not canceled; `all` every one; `ended`
      // the canceled and incomplete_expired ones; any other value that status only.
      const { customer, status } = req.query;
      const data = [...subscriptions.values()].filter(
        (sub) =>
          (!customer || sub.customer === customer) &&
          (status === 'all' ||
            (status === 'ended' && ENDED.includes(sub.status)) ||
            (!status && sub.status !== 'canceled') ||
            sub.status === status),
      );
      return reply(res, 200, page(req, data, '/v1/subscriptions'));
    }
    m = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (m && (method === 'GET' || method === 'DELETE')) {
      const sub = subscriptions.get(m[1]);
      if (!sub) return missing(res, 'subscription', m[1]);
      if (method === 'DELETE') {
        if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
          return invalid(
            res,
            `A canceled subscription can only update its cancellation_details and metadata.`,
          );
        }
        sub.status = 'canceled';
        sub.canceled_at = now();
      }
      return reply(res, 200, sub);
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const invoice = invoices.get(req.query.invoice ?? '');
      const data =
        invoice?.paidBy && (!req.query.status || req.query.status === 'paid')
          ? [
              {
                id: nextId('inpay'),
                object: 'invoice_payment',
                invoice: invoice.id,
                amount_paid: invoice.amount_due,
                status: 'paid',
                is_default: true,
                payment: { type: 'payment_intent', payment_intent: invoice.paidBy },
              },
            ]
          : [];
      return reply(res, 200, { object: 'list', data, has_more: false, url: '/v1/invoice_payments' });
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const charge = body.payment_intent
        ? chargeOf(String(body.payment_intent))
        : charges.get(String(body.charge ?? ''));
      if (!charge) return missing(res, 'payment_intent', String(body.payment_intent ?? body.charge));
      if (charge.refunded) {
        return invalid(res, `Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
      }
      const amount = body.amount ? Number(body.amount) : charge.amount - charge.amount_refunded;
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded >= charge.amount;
      const refund = {
        id: nextId('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        reason: body.reason ?? null,
        metadata: body.metadata ?? {},
        status: 'succeeded',
      };
      refunds.set(refund.id, refund);
      return reply(res, 200, refund);
    }
    m = path.match(/^\/v1\/disputes\/([^/]+)$/);
    if (m && method === 'GET') {
      const dispute = disputes.get(m[1]);
      if (!dispute) return missing(res, 'dispute', m[1]);
      const expand = Object.entries(req.query)
        .filter(([k]) => k.startsWith('expand'))
        .map(([, v]) => v);
      return reply(
        res,
        200,
        expand.includes('charge') ? { ...dispute, charge: charges.get(dispute.charge) } : dispute,
      );
    }
    unknown.push(req);
    return reply(res, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
    });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const parsed = new URL(req.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: StripeRequest = {
        method: req.method ?? 'GET',
        path: parsed.pathname,
        query: Object.fromEntries(parsed.searchParams),
        headers: req.headers,
        body: parseStripeForm(text),
      };
      requests.push(recorded);
      handle(recorded, res);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const inStatus = (sub: FakeSubscription, allowed: string[], what: string) => {
    if (!allowed.includes(sub.status))
      throw new Error(`fake stripe: ${what} needs ${allowed.join('/')}, got ${sub.status}`);
  };

  return {
    url,
    webhookSecret,
    requests,
    unknown,
    sessions,
    subscriptions,
    customers,
    invoices,
    charges,
    refunds,
    disputes,
    calls: (method, prefix) => requests.filter((r) => r.method === method && r.path.startsWith(prefix)),
    failNext(method, path, status, message) {
      failures.push({ method, path, status, message });
    },
    pay(sessionId, opts = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake stripe: no session ${sessionId}`);
      session.status = 'complete';
      session.url = null;
      if (session.mode === 'subscription') {
        const pending = opts.firstPayment === 'pending';
        session.payment_status = pending ? 'unpaid' : (opts.paymentStatus ?? 'paid');
        const metadata = ((session.subscription_data as Obj | undefined)?.metadata ?? {}) as Record<
          string,
          string
        >;
        session.subscription = newSubscription({
          customer: session.customer,
          price: String((session.line_items as Obj[])[0]?.price),
          metadata,
          periodEnd: opts.periodEnd ?? new Date(Date.now() + 30 * DAY_SECONDS * 1000),
          firstPayment: pending ? 'pending' : 'paid',
        }).id;
      } else {
        session.payment_status = opts.paymentStatus ?? 'paid';
        session.payment_intent = paymentOf(session.customer, session.amount_total);
      }
      return session;
    },
    createSubscription(opts) {
      return newSubscription({
        customer: opts.customer,
        price: opts.price,
        metadata: opts.metadata ?? {},
        periodEnd: new Date(Date.now() + 30 * DAY_SECONDS * 1000),
        firstPayment: opts.firstPayment ?? 'paid',
      });
    },
    createCustomer(email) {
      const customer = { id: nextId('cus'), object: 'customer', email, metadata: {} };
      customers.set(customer.id, customer);
      return customer.id;
    },
    updateSubscription(id, patch) {
      const sub = subscriptionOf(id);
      if (patch.status) sub.status = patch.status;
      if (patch.cancelAtPeriodEnd !== undefined) sub.cancel_at_period_end = patch.cancelAtPeriodEnd;
      if (patch.periodEnd) setPeriodEnd(sub, patch.periodEnd);
      return sub;
    },
    payOpenInvoice(id, opts = {}) {
      const sub = subscriptionOf(id);
      inStatus(sub, ['incomplete', 'past_due', 'unpaid'], 'paying the open invoice');
      const invoice = invoices.get(sub.latest_invoice ?? '');
      if (invoice?.status !== 'open') throw new Error(`fake stripe: ${id} has no open invoice`);
      settle(invoice);
      sub.status = 'active';
      if (opts.periodEnd) setPeriodEnd(sub, opts.periodEnd);
      return sub;
    },
    expireFirstPayment(id) {
      const sub = subscriptionOf(id);
      inStatus(sub, ['incomplete'], 'expiring the first payment');
      const invoice = invoices.get(sub.latest_invoice ?? '');
      if (invoice) invoice.status = 'void';
      sub.status = 'incomplete_expired';
      return sub;
    },
    failRenewal(id) {
      const sub = subscriptionOf(id);
      inStatus(sub, ['active'], 'a renewal');
      newInvoice(sub, false);
      sub.status = 'past_due';
      return sub;
    },
    renew(id, opts) {
      const sub = subscriptionOf(id);
      inStatus(sub, ['active'], 'a renewal');
      newInvoice(sub, true, 'subscription_cycle');
      setPeriodEnd(sub, opts.periodEnd);
      return sub;
    },
    exhaustRetries(id, outcome = 'unpaid') {
      const sub = subscriptionOf(id);
      inStatus(sub, ['past_due'], 'exhausting the retries');
      sub.status = outcome;
      if (outcome === 'canceled') sub.canceled_at = now();
      return sub;
    },
    pause(id) {
      const sub = subscriptionOf(id);
      inStatus(sub, ['trialing', 'active'], 'pausing');
      sub.status = 'paused';
      return sub;
    },
    resume(id) {
      const sub = subscriptionOf(id);
      inStatus(sub, ['paused'], 'resuming');
      newInvoice(sub, true);
      sub.status = 'active';
      return sub;
    },
    changePrice(id, price, opts = {}) {
      const sub = subscriptionOf(id);
      inStatus(sub, ['active', 'trialing', 'past_due'], 'a plan change');
      sub.items.data[0].price = { id: price, object: 'price' };
      if (opts.invoiceNow) newInvoice(sub, true, 'subscription_update');
      return sub;
    },
    paymentOf(subscriptionId) {
      const invoice = invoices.get(subscriptionOf(subscriptionId).latest_invoice ?? '');
      if (!invoice?.paidBy) throw new Error(`fake stripe: ${subscriptionId}'s latest invoice is not paid`);
      return invoice.paidBy;
    },
    openDispute(paymentIntentId, opts = {}) {
      const charge = chargeOf(paymentIntentId);
      if (!charge) throw new Error(`fake stripe: no charge for ${paymentIntentId}`);
      charge.disputed = true;
      const dispute: FakeDispute = {
        id: nextId('du'),
        object: 'dispute',
        amount: charge.amount,
        currency: 'usd',
        charge: charge.id,
        payment_intent: paymentIntentId,
        reason: opts.reason ?? 'fraudulent',
        status: 'needs_response',
        is_charge_refundable: false,
        created: now(),
      };
      disputes.set(dispute.id, dispute);
      return dispute;
    },
    closeDispute(id, outcome) {
      const dispute = disputes.get(id);
      if (!dispute) throw new Error(`fake stripe: no dispute ${id}`);
      dispute.status = outcome;
      return dispute;
    },
    event(type, object, opts = {}) {
      const id = opts.id ?? nextId('evt');
      const body = JSON.stringify(
        {
          id,
          object: 'event',
          api_version: '2026-10-28.endive',
          created: opts.created ?? now(),
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          type,
          data: { object: structuredClone(object) },
        },
        null,
        2,
      );
      return { id, body };
    },
    charge(paymentIntentId, opts = {}) {
      const charge = chargeOf(paymentIntentId);
      if (!charge) throw new Error(`fake stripe: no charge for ${paymentIntentId}`);
      const refunded = opts.refunded ?? true;
      charge.amount_refunded = opts.amountRefunded ?? (refunded ? charge.amount : 0);
      charge.refunded = refunded;
      return structuredClone(charge);
    },
    invoice(subscriptionId) {
      const latest = invoices.get(subscriptionOf(subscriptionId).latest_invoice ?? '');
      if (!latest) throw new Error(`fake stripe: ${subscriptionId} has no invoice`);
      const { paidBy: _, ...invoice } = latest;
      return structuredClone(invoice);
    },
    sign(body, opts = {}) {
      return signer.webhooks.generateTestHeaderString({
        payload: body,
        secret: opts.secret ?? webhookSecret,
        timestamp: opts.timestamp,
      });
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
