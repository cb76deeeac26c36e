import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { GENERATION_QUEUE, generationQueueOptions } from '../../src/server/jobs/pg-boss';
import { queueExpiry } from '../../src/server/runtime';
import { freePort, runServer, startServer } from '../helpers/process';
import { startFakeSmtp } from '../helpers/smtp';

/** pg-boss's own check of a queue's options (what createQueue runs at start). */
const { checkQueueArgs } = createRequire(import.meta.url)('pg-boss/src/attorney.js') as {
  checkQueueArgs(name: string, options: object): unknown;
};

/** The least a production server needs: where people reach it and how its mail leaves. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://clip.example.com',
  MAIL_FROM: 'Clipsmith <no-reply@clip.example.com>',
  SMTP_URL: 'smtp://mailer:secret@smtp.example.com:587',
};

describe('configuration', () => {
  it('runs on embedded defaults with no variables at all', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/srv/app/data');
    expect(config.database).toEqual({ kind: 'pglite', dir: '/srv/app/data/db' });
    expect(config.storage).toEqual({ kind: 'local', dir: '/srv/app/data/images' });
    expect(config.images.provider).toBe('offline');
    expect(config.payments).toMatchObject({ mode: 'test', stripe: undefined });
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a number between 1 and 65535, got "abc"'],
    [{ PORT: '70000' }, 'PORT must be a number between 1 and 65535, got "70000"'],
    [
      { DATABASE_URL: 'mysql://x' },
      'DATABASE_URL must be a URL starting with postgres:// or postgresql://, got "mysql://x"',
    ],
    [
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    ],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET must be at least 32 characters'],
    [{ IMAGE_PROVIDER: 'openai' }, 'IMAGE_PROVIDER=openai needs OPENAI_API_KEY to be set'],
  ])('rejects %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads TRUST_PROXY as the number of proxies in front of the app', () => {
    expect(loadConfig({}).trustedProxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustedProxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustedProxyHops).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustedProxyHops).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(
      'TRUST_PROXY must be false, true (one proxy) or the number of proxies in front of the app (0-10), got "maybe"',
    );
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE, 10 by default', () => {
    const url = 'postgres://app@db.example.com:5432/clipsmith';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url, poolSize: 10 });
    expect(loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '25' }).database).toMatchObject({
      poolSize: 25,
    });
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '0' })).toThrow(
      'DATABASE_POOL_SIZE must be a number between 1 and 1000, got "0"',
    );
  });

  it('reads the download render slots, waiting places and variant cache size', () => {
    const { variants } = loadConfig({});
    expect(variants.renderConcurrency).toBeGreaterThanOrEqual(1);
    expect(variants.renderConcurrency).toBeLessThanOrEqual(2);
    expect([variants.renderQueue, variants.cacheBytes]).toEqual([16, 2048 * 1024 * 1024]);
    expect(
      loadConfig({ VARIANT_RENDER_CONCURRENCY: '4', VARIANT_RENDER_QUEUE: '0', VARIANT_CACHE_MB: '10' })
        .variants,
    ).toEqual({ renderConcurrency: 4, renderQueue: 0, cacheBytes: 10 * 1024 * 1024 });
    expect(() => loadConfig({ VARIANT_CACHE_MB: '0' })).toThrow(
      'VARIANT_CACHE_MB must be a number between 1 and 100000000, got "0"',
    );
  });

  it('requires a real MAIL_FROM in production, not the development .local sender', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://clip.example.com' };
    expect(() => loadConfig(production)).toThrow(/^MAIL_FROM must be set in production/);
    for (const from of ['Clipsmith <no-reply@clipsmith.local>', 'no-reply@localhost', 'not an address']) {
      expect(() => loadConfig({ ...production, MAIL_FROM: from })).toThrow(
        `MAIL_FROM must be an address at a real domain in production, e.g. "Clipsmith <no-reply@your-domain.com>", got ${JSON.stringify(from)}`,
      );
    }
    const ok = loadConfig({
      ...production,
      MAIL_FROM: 'Clipsmith <no-reply@clipsmith.com>',
      SMTP_URL: 'smtp://mailer:secret@smtp.clipsmith.com:587',
    });
    expect(ok.mail.from).toBe('Clipsmith <no-reply@clipsmith.com>');
    // Outside production the outbox needs no real sender.
    expect(loadConfig({}).mail.from).toBe('Clipsmith <no-reply@clipsmith.local>');
  });

  it.each([
    [
      'PUBLIC_URL',
      'PUBLIC_URL must be set in production to the address people open, e.g. https://clipsmith.example.com (sign-in, e-mail links and payment pages use it)',
    ],
    [
      'SMTP_URL',
      'SMTP_URL must be set in production, e.g. smtp://user:password@smtp.example.com:587 (sign-up confirmations and password resets are sent by e-mail)',
    ],
  ] as const)('refuses production without %s', (name, message) => {
    const { [name]: _, ...without } = PRODUCTION;
    expect(() => loadConfig(without)).toThrow(ConfigError);
    expect(() => loadConfig(without)).toThrow(message);
    expect(loadConfig(PRODUCTION)).toMatchObject({ isProduction: true, publicUrl: PRODUCTION.PUBLIC_URL });
  });

  it.each([
    [{ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_live_x' }, 'PAYMENTS=stripe'],
    [{ STRIPE_SECRET_KEY: 'sk_live_x' }, 'STRIPE_SECRET_KEY is set'],
  ])('refuses Stripe without STRIPE_WEBHOOK_SECRET (%j)', (env, because) => {
    const message = `STRIPE_WEBHOOK_SECRET must be set when payments use Stripe (${because}): without webhooks renewals never arrive. Copy the endpoint's signing secret (whsec_…) from the Stripe Dashboard`;
    for (const base of [{}, PRODUCTION]) {
      expect(() => loadConfig({ ...base, ...env })).toThrow(message);
      const ok = loadConfig({ ...base, ...env, STRIPE_WEBHOOK_SECRET: 'whsec_x' });
      expect(ok.payments.stripe?.webhookSecret).toBe('whsec_x');
    }
    // No Stripe, no webhook: the test checkout and "off" need no secret.
    expect(loadConfig({ PAYMENTS: 'test', STRIPE_SECRET_KEY: 'sk_test_x' }).payments.mode).toBe('test');
  });

  it("bounds JOB_TIMEOUT_SECONDS to what pg-boss's 24-hour expiry limit allows", () => {
    const expiry = (seconds: number) =>
      generationQueueOptions({ expireInSeconds: queueExpiry(seconds * 1000).expireInSeconds });
    // The longest deadline accepted still gives pg-boss a queue it takes…
    const longest = loadConfig({ JOB_TIMEOUT_SECONDS: '86339' }).jobs.timeoutMs / 1000;
    expect(() => checkQueueArgs(GENERATION_QUEUE, expiry(longest))).not.toThrow();
    // …one more second is what crashed pg-boss at start, and config refuses it with the reason.
    expect(() => checkQueueArgs(GENERATION_QUEUE, expiry(longest + 1))).toThrow(
      'expiration cannot exceed 24 hours',
    );
    for (const value of ['86340', '86400']) {
      expect(() => loadConfig({ JOB_TIMEOUT_SECONDS: value })).toThrow(
        `JOB_TIMEOUT_SECONDS must be a number between 10 and 86339 (pg-boss refuses an expiry of 24 hours or more, and a job's expiry is its deadline plus 60 s), got "${value}"`,
      );
    }
  });

  it('starts on a valid production configuration (PUBLIC_URL, MAIL_FROM, SMTP_URL, PAYMENTS=off)', {
    timeout: 90_000,
  }, async () => {
    const smtp = await startFakeSmtp();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-prod-'));
    const server = await startServer({
      ...PRODUCTION,
      SMTP_URL: smtp.url,
      PAYMENTS: 'off',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    });
    try {
      const ready = await fetch(`${server.url}/api/ready`);
      expect(await ready.json()).toMatchObject({ status: 'ready', checks: { mail: { transport: 'smtp' } } });
      expect(ready.status).toBe(200);
      // Someone on the real domain can join: the confirmation arrives by SMTP and links back there.
      const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: PRODUCTION.PUBLIC_URL },
        body: JSON.stringify({ email: 'joiner@example.com', password: 'correct horse battery' }),
      });
      expect(signUp.status).toBe(200);
      const mail = await smtp.waitFor('joiner@example.com');
      expect(mail.text).toContain(`${PRODUCTION.PUBLIC_URL}/verify-email?token=`);
    } finally {
      await server.stop('SIGTERM');
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("docs/deploy.md's production checklist names exactly the settings production refuses to start without", () => {
    const deploy = readFileSync(path.join(import.meta.dirname, '../../docs/deploy.md'), 'utf8');
    const checklist = deploy.split('## Production checklist')[1].split('\nAnd in every mode')[0];
    const listed = [...checklist.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    const required = Object.keys(PRODUCTION).filter((name) => {
      if (name === 'NODE_ENV') return false;
      const { [name as keyof typeof PRODUCTION]: _, ...without } = PRODUCTION;
      expect(() => loadConfig(without)).toThrow(new RegExp(`^${name} must be set in production`));
      return true;
    });
    expect(listed).toEqual(required);
  });

  it('refuses Amazon S3 without S3_REGION instead of guessing us-east-1', () => {
    const s3 = { S3_BUCKET: 'clips', S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'secret' };
    const message =
      "S3_REGION must be set for Amazon S3: the bucket's region, e.g. eu-west-1 (other S3-compatible stores take S3_ENDPOINT and default to us-east-1)";
    expect(() => loadConfig(s3)).toThrow(message);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com' })).toThrow(message);
    expect(loadConfig({ ...s3, S3_REGION: 'eu-west-1' }).storage).toMatchObject({ region: 'eu-west-1' });
    // MinIO, R2, Ceph: their endpoint is what matters.
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'https://minio.internal:9000' }).storage).toMatchObject({
      region: 'us-east-1',
    });
  });

  it('stops start-up with one clear line and exit code 1, no stack trace', async () => {
    const proc = runServer({ PORT: 'abc' });
    const code = await proc.exited;
    expect(code).toBe(1);
    const lines = proc.output().trim().split('\n');
    expect(lines).toEqual(['Clipsmith cannot start: PORT must be a number between 1 and 65535, got "abc"']);
  });

  it('fails fast with a clear message when DATABASE_URL cannot be reached', async () => {
    const started = Date.now();
    const proc = runServer({
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      PORT: String(await freePort()),
    });
    expect(await proc.exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(proc.output()).toMatch(
      /^Clipsmith cannot start: Cannot connect to the database at 127\.0\.0\.1:1\/none/,
    );
    expect(proc.output()).not.toMatch(/\n\s+at /);
  });
});
