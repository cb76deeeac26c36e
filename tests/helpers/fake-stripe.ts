// A local fake of the Stripe API (real node:http on 127.0.0.1, random port) speaking what the SDK
// sends: form-encoded bodies with bracketed keys, JSON replies, Stripe-shaped errors. It keeps
// customers, checkout sessions and subscriptions in memory, lets a test "pay" a session as the
// hosted page would, and builds signed webhook events. Unknown paths answer 404 and are recorded.
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
  items: { object: 'list'; data: Obj[] };
};

export type FakeStripe = {
  /** For STRIPE_API_URL. */
  url: string;
  webhookSecret: string;
  requests: StripeRequest[];
  unknown: StripeRequest[];
  sessions: Map<string, FakeSession>;
  subscriptions: Map<string, FakeSubscription>;
  customers: Map<string, Obj>;
  /** Requests to one method + path prefix, e.g. calls('POST', '/v1/checkout/sessions'). */
  calls(method: string, pathPrefix: string): StripeRequest[];
  /** The next request to this method + path answers with a Stripe error. */
  failNext(method: string, path: string, status: number, message: string): void;
  /** What Stripe does when the customer pays on the hosted page. */
  pay(sessionId: string, opts?: { paymentStatus?: 'paid' | 'unpaid'; periodEnd?: Date }): FakeSession;
  /** Changes a subscription as Stripe would (renewal, cancellation …). */
  updateSubscription(
    id: string,
    patch: { status?: string; periodEnd?: Date; cancelAtPeriodEnd?: boolean },
  ): FakeSubscription;
  /** A Stripe event JSON body with a fresh id (or the given one). */
  event(type: string, object: Obj, opts?: { id?: string; created?: number }): { id: string; body: string };
  charge(
    paymentIntentId: string,
    opts?: { refunded?: boolean; amountRefunded?: number; amount?: number },
  ): Obj;
  invoice(subscriptionId: string): Obj;
  /** A Stripe-Signature header as Stripe would send it. */
  sign(body: string, opts?: { secret?: string; timestamp?: number }): string;
  close(): Promise<void>;
};

const PRICES: Record<string, number> = {
  price_basic: 799,
  price_starter: 499,
  price_creator: 1299,
  price_pro: 2499,
};

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

export async function startFakeStripe(webhookSecret = 'whsec_test_secret'): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const unknown: StripeRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const customers = new Map<string, Obj>();
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
  const missing = (res: http.ServerResponse, what: string, id: string) =>
    send(res, 404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` },
    });

  function subscriptionFor(session: FakeSession, periodEnd: Date): FakeSubscription {
    const metadata = ((session.subscription_data as Obj | undefined)?.metadata ?? {}) as Record<
      string,
      string
    >;
    const sub: FakeSubscription = {
      id: nextId('sub'),
      object: 'subscription',
      status: 'active',
      customer: session.customer,
      metadata,
      cancel_at_period_end: false,
      items: {
        object: 'list',
        data: [
          {
            id: nextId('si'),
            object: 'subscription_item',
            current_period_start: now(),
            current_period_end: Math.floor(periodEnd.getTime() / 1000),
            price: { id: (session.line_items as Obj[])[0]?.price },
          },
        ],
      },
    };
    subscriptions.set(sub.id, sub);
    return sub;
  }

  function handle(req: StripeRequest, res: http.ServerResponse) {
    const failure = failures.findIndex((f) => f.method === req.method && f.path === req.path);
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      return send(res, f.status, { error: { type: 'invalid_request_error', message: f.message } });
    }
    const { method, path, body } = req;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: nextId('cus'),
        object: 'customer',
        email: body.email ?? null,
        metadata: body.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return send(res, 200, customer);
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
        url: `${url}/pay/${id}`,
      };
      sessions.set(id, session);
      return send(res, 200, session);
    }
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const data = [...sessions.values()].filter(
        (s) => !req.query.payment_intent || s.payment_intent === req.query.payment_intent,
      );
      return send(res, 200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' });
    }
    let m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (method === 'GET' && m) {
      const session = sessions.get(m[1]);
      return session ? send(res, 200, session) : missing(res, 'checkout.session', m[1]);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = nextId('bps');
      return send(res, 200, {
        id,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: `${url}/portal/${id}`,
      });
    }
    m = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (m && (method === 'GET' || method === 'DELETE')) {
      const sub = subscriptions.get(m[1]);
      if (!sub) return missing(res, 'subscription', m[1]);
      if (method === 'DELETE') {
        sub.status = 'canceled';
        sub.canceled_at = now();
      }
      return send(res, 200, sub);
    }
    unknown.push(req);
    return send(res, 404, {
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

  return {
    url,
    webhookSecret,
    requests,
    unknown,
    sessions,
    subscriptions,
    customers,
    calls: (method, prefix) => requests.filter((r) => r.method === method && r.path.startsWith(prefix)),
    failNext(method, path, status, message) {
      failures.push({ method, path, status, message });
    },
    pay(sessionId, opts = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake stripe: no session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = opts.paymentStatus ?? 'paid';
      if (session.mode === 'subscription') {
        const periodEnd = opts.periodEnd ?? new Date(Date.now() + 30 * 86_400_000);
        session.subscription = subscriptionFor(session, periodEnd).id;
      } else {
        session.payment_intent = nextId('pi');
      }
      return session;
    },
    updateSubscription(id, patch) {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`fake stripe: no subscription ${id}`);
      if (patch.status) sub.status = patch.status;
      if (patch.cancelAtPeriodEnd !== undefined) sub.cancel_at_period_end = patch.cancelAtPeriodEnd;
      if (patch.periodEnd) {
        for (const item of sub.items.data)
          item.current_period_end = Math.floor(patch.periodEnd.getTime() / 1000);
      }
      return sub;
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
      const amount = opts.amount ?? 499;
      const refunded = opts.refunded ?? true;
      return {
        id: nextId('ch'),
        object: 'charge',
        amount,
        amount_refunded: opts.amountRefunded ?? (refunded ? amount : 0),
        refunded,
        payment_intent: paymentIntentId,
      };
    },
    invoice(subscriptionId) {
      return {
        id: nextId('in'),
        object: 'invoice',
        status: 'paid',
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: subscriptionId, metadata: {} },
        },
      };
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
