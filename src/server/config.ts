// The only reader of process.env. Everything else receives a Config.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MODELS } from './generation/providers/openai-models';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

function got(value: unknown) {
  return `got ${JSON.stringify(value)}`;
}

function integer(name: string, min: number, max: number, fallback: number, why?: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return fallback;
      const n = Number(raw);
      if (!/^\s*\d+\s*$/.test(raw) || n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a number between ${min} and ${max}${why ? ` ${why}` : ''}, ${got(raw)}`,
        });
        return z.NEVER;
      }
      return n;
    });
}

function url(name: string, protocols: string[]) {
  return optionalText.transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
      return raw;
    } catch {
      const list = protocols.map((p) => `${p}//`).join(' or ');
      ctx.addIssue({ code: 'custom', message: `${name} must be a URL starting with ${list}, ${got(raw)}` });
      return z.NEVER;
    }
  });
}

function oneOf<const T extends readonly string[]>(name: string, values: T, fallback: T[number]) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T[number] => {
      if (raw === undefined || raw.trim() === '') return fallback;
      const v = raw.trim().toLowerCase();
      if (!values.includes(v)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be one of ${values.join(', ')}, ${got(raw)}` });
        return z.NEVER;
      }
      return v as T[number];
    });
}

function flag(name: string, fallback: boolean) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return fallback;
      const v = raw.trim().toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(v)) return true;
      if (['0', 'false', 'no', 'off'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false, ${got(raw)}` });
      return z.NEVER;
    });
}

/**
 * pg-boss takes a job back a little after its deadline (runtime.ts queueExpiry: at most 60 s more)
 * and asserts that expiry stays under 24 hours; a longer deadline would crash it at start.
 */
export const MAX_JOB_TIMEOUT_SECONDS = 24 * 3600 - 60 - 1;

/**
 * Download renders at once: one less than the cores (a core stays with the requests), at most 2. Each
 * holds one of libuv's 4 threads while sharp works, the threads that also read files and gzip
 * responses: more renders need UV_THREADPOOL_SIZE raised with them.
 */
const DEFAULT_VARIANT_RENDERS = Math.max(1, Math.min(2, availableParallelism() - 1));

const envSchema = z.object({
  NODE_ENV: oneOf('NODE_ENV', ['development', 'production', 'test'] as const, 'development'),
  PORT: integer('PORT', 1, 65535, 3000),
  HOST: optionalText,
  DATA_DIR: optionalText,
  WEB_DIR: optionalText,
  DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
  DATABASE_POOL_SIZE: integer('DATABASE_POOL_SIZE', 1, 1000, 10),
  PUBLIC_URL: url('PUBLIC_URL', ['http:', 'https:']),
  LOG_LEVEL: oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
  LOG_FORMAT: optionalText.pipe(
    z.enum(['json', 'pretty'], { message: 'LOG_FORMAT must be json or pretty' }).optional(),
  ),
  AUTH_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: 'AUTH_SECRET must be at least 32 characters (leave it unset to have one generated in DATA_DIR)',
  }),
  TRUSTED_ORIGINS: optionalText,
  RATE_LIMIT: flag('RATE_LIMIT', true),
  API_RATE_LIMIT: integer('API_RATE_LIMIT', 1, 100_000, 60),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      // false/true (one proxy) or how many proxies stand in front of the app.
      const v = (raw ?? '').trim().toLowerCase();
      if (v === '' || ['0', 'false', 'no', 'off'].includes(v)) return 0;
      if (['true', 'yes', 'on'].includes(v)) return 1;
      if (/^\d+$/.test(v) && Number(v) <= 10) return Number(v);
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be false, true (one proxy) or the number of proxies in front of the app (0-10), ${got(raw)}`,
      });
      return z.NEVER;
    }),
  SHUTDOWN_TIMEOUT_MS: integer('SHUTDOWN_TIMEOUT_MS', 0, 600_000, 10_000),
  WORKERS: integer('WORKERS', 0, 64, 2),
  MIGRATE_ON_START: flag('MIGRATE_ON_START', true),
  JOB_QUEUE: oneOf('JOB_QUEUE', ['auto', 'in-process', 'pg-boss'] as const, 'auto'),
  JOB_STALE_AFTER_SECONDS: integer('JOB_STALE_AFTER_SECONDS', 2, 86_400, 300),
  SWEEP_INTERVAL_SECONDS: integer('SWEEP_INTERVAL_SECONDS', 1, 3600, 60),
  JOB_TIMEOUT_SECONDS: integer(
    'JOB_TIMEOUT_SECONDS',
    10,
    MAX_JOB_TIMEOUT_SECONDS,
    600,
    "(pg-boss refuses an expiry of 24 hours or more, and a job's expiry is its deadline plus 60 s)",
  ),
  VARIANT_RENDER_CONCURRENCY: integer('VARIANT_RENDER_CONCURRENCY', 1, 64, DEFAULT_VARIANT_RENDERS),
  VARIANT_RENDER_QUEUE: integer('VARIANT_RENDER_QUEUE', 0, 10_000, 16),
  VARIANT_CACHE_MB: integer('VARIANT_CACHE_MB', 1, 100_000_000, 2048),

  IMAGE_PROVIDER: oneOf('IMAGE_PROVIDER', ['auto', 'offline', 'openai'] as const, 'auto'),
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: url('OPENAI_BASE_URL', ['http:', 'https:']),
  OPENAI_IMAGE_MODEL: optionalText,
  OPENAI_VISION_MODEL: optionalText,
  OPENAI_MODERATION_MODEL: optionalText,
  OPENAI_SUGGEST_MODEL: optionalText,
  OPENAI_TIMEOUT_MS: integer('OPENAI_TIMEOUT_MS', 1000, 600_000, 180_000),

  PAYMENTS: oneOf('PAYMENTS', ['auto', 'stripe', 'test', 'off'] as const, 'auto'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: url('STRIPE_API_URL', ['http:', 'https:']),
  STRIPE_PRICE_BASIC: optionalText,
  STRIPE_PRICE_PREMIUM: optionalText,
  STRIPE_PRICE_ENTERPRISE: optionalText,
  STRIPE_PRICE_PACK_STARTER: optionalText,
  STRIPE_PRICE_PACK_CREATOR: optionalText,
  STRIPE_PRICE_PACK_PRO: optionalText,
  // Old names of the pack prices ("pro" read like the Premium plan); still accepted, with a warning.
  STRIPE_PRICE_STARTER: optionalText,
  STRIPE_PRICE_CREATOR: optionalText,
  STRIPE_PRICE_PRO: optionalText,

  SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']),
  MAIL_FROM: optionalText,

  S3_ENDPOINT: url('S3_ENDPOINT', ['http:', 'https:']),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  PUBLIC_IMAGE_BASE_URL: url('PUBLIC_IMAGE_BASE_URL', ['http:', 'https:']),
});

export type Env = Record<string, string | undefined>;

/** Reserved or private names (RFC 2606, RFC 6761, mDNS): no mail server accepts them as a sender. */
const NON_PUBLIC_MAIL_DOMAIN =
  /(^|\.)(local|localhost|localdomain|internal|invalid|test|example|lan|home\.arpa)$/i;

/** The domain of `Name <user@domain>` or `user@domain`. */
function mailDomain(from: string): string | undefined {
  const address = from.match(/<([^>]*)>\s*$/)?.[1] ?? from;
  return address.trim().match(/^[^@\s]+@([^@\s>]+)$/)?.[1];
}

type ParsedEnv = z.infer<typeof envSchema>;

const DEPRECATED_PACK_PRICES = [
  ['STRIPE_PRICE_STARTER', 'STRIPE_PRICE_PACK_STARTER'],
  ['STRIPE_PRICE_CREATOR', 'STRIPE_PRICE_PACK_CREATOR'],
  ['STRIPE_PRICE_PRO', 'STRIPE_PRICE_PACK_PRO'],
] as const;

/**
 * How purchases are paid. `auto` never hands out free purchases in production: Stripe when a key
 * is set, otherwise the local test checkout outside production and no checkout in production.
 */
function paymentsConfig(e: ParsedEnv, isProduction: boolean) {
  if (e.PAYMENTS === 'stripe' && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError('PAYMENTS=stripe needs STRIPE_SECRET_KEY to be set');
  }
  const mode =
    e.PAYMENTS !== 'auto' ? e.PAYMENTS : e.STRIPE_SECRET_KEY ? 'stripe' : isProduction ? 'off' : 'test';
  // Renewals, cancellations and failed payments reach us only as webhooks.
  if (mode === 'stripe' && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      `STRIPE_WEBHOOK_SECRET must be set when payments use Stripe (${e.PAYMENTS === 'stripe' ? 'PAYMENTS=stripe' : 'STRIPE_SECRET_KEY is set'}): without webhooks renewals never arrive. Copy the endpoint's signing secret (whsec_…) from the Stripe Dashboard`,
    );
  }
  const deprecations = DEPRECATED_PACK_PRICES.filter(([old]) => e[old] !== undefined).map(([old, now]) =>
    e[now] === undefined ? `${old} is deprecated: rename it to ${now}` : `${old} is ignored: ${now} is set`,
  );
  return {
    mode,
    /** How the mode was chosen, for the start-up log. */
    setting: e.PAYMENTS,
    stripe:
      mode === 'stripe' && e.STRIPE_SECRET_KEY
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : undefined,
    deprecations,
  } as const;
}

export type Config = ReturnType<typeof buildConfig>;

function buildConfig(e: ParsedEnv, cwd: string) {
  const dataDir = path.resolve(cwd, e.DATA_DIR ?? 'data');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const isProduction = e.NODE_ENV === 'production';
  const trustedOrigins = [
    publicUrl,
    ...(e.TRUSTED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    // The Vite dev server proxies the API; its origin must pass Better Auth's origin check.
    ...(isProduction ? [] : ['http://localhost:5173', 'http://127.0.0.1:5173']),
  ];
  const provider = e.IMAGE_PROVIDER === 'auto' ? (e.OPENAI_API_KEY ? 'openai' : 'offline') : e.IMAGE_PROVIDER;
  if (provider === 'openai' && !e.OPENAI_API_KEY) {
    throw new ConfigError('IMAGE_PROVIDER=openai needs OPENAI_API_KEY to be set');
  }
  if (e.JOB_QUEUE === 'pg-boss' && !e.DATABASE_URL) {
    throw new ConfigError('JOB_QUEUE=pg-boss needs DATABASE_URL (a PostgreSQL database)');
  }
  if (isProduction) {
    // Better Auth trusts only this origin, and every link in an e-mail or Stripe return page uses it.
    if (!e.PUBLIC_URL)
      throw new ConfigError(
        'PUBLIC_URL must be set in production to the address people open, e.g. https://clipsmith.example.com (sign-in, e-mail links and payment pages use it)',
      );
    // A made-up sender (the development default) is refused or marked as spam by real mail servers.
    if (!e.MAIL_FROM)
      throw new ConfigError(
        'MAIL_FROM must be set in production, e.g. "Clipsmith <no-reply@your-domain.com>" (a sender at a domain you send mail for)',
      );
    const domain = mailDomain(e.MAIL_FROM);
    if (!domain || NON_PUBLIC_MAIL_DOMAIN.test(domain))
      throw new ConfigError(
        `MAIL_FROM must be an address at a real domain in production, e.g. "Clipsmith <no-reply@your-domain.com>", ${got(e.MAIL_FROM)}`,
      );
    // Without it sign-up confirmations and password resets sit in an outbox nobody reads.
    if (!e.SMTP_URL)
      throw new ConfigError(
        'SMTP_URL must be set in production, e.g. smtp://user:password@smtp.example.com:587 (sign-up confirmations and password resets are sent by e-mail)',
      );
  }
  const payments = paymentsConfig(e, isProduction);
  const s3Keys = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const s3Given = s3Keys.filter((k) => e[k] !== undefined);
  if (s3Given.length > 0 && s3Given.length < s3Keys.length) {
    const missing = s3Keys.filter((k) => e[k] === undefined).join(', ');
    throw new ConfigError(`S3 storage needs ${s3Keys.join(', ')}; missing ${missing}`);
  }
  // Amazon S3 signs per region: a made-up default fails every call for buckets elsewhere.
  const amazonS3 = !e.S3_ENDPOINT || /(^|\.)amazonaws\.com(\.cn)?$/i.test(new URL(e.S3_ENDPOINT).hostname);
  if (e.S3_BUCKET && amazonS3 && !e.S3_REGION) {
    throw new ConfigError(
      "S3_REGION must be set for Amazon S3: the bucket's region, e.g. eu-west-1 (other S3-compatible stores take S3_ENDPOINT and default to us-east-1)",
    );
  }

  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST ?? '0.0.0.0',
    dataDir,
    webDir: e.WEB_DIR ? path.resolve(cwd, e.WEB_DIR) : undefined,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    trustedOrigins: [...new Set(trustedOrigins)],
    // Readable logs for a person at a terminal in development, JSON lines everywhere else.
    log: {
      level: e.LOG_LEVEL,
      pretty: e.LOG_FORMAT
        ? e.LOG_FORMAT === 'pretty'
        : !isProduction && e.NODE_ENV !== 'test' && process.stdout.isTTY === true,
    },
    authSecret: e.AUTH_SECRET,
    rateLimit: e.RATE_LIMIT,
    /** Requests per minute per member (all their API keys together) on /api/v1 (part of the API's contract, so RATE_LIMIT leaves it on). */
    apiRateLimitPerMinute: e.API_RATE_LIMIT,
    // Proxies in front of the app, each appending to X-Forwarded-For (0: the header is ignored).
    trustedProxyHops: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    workers: e.WORKERS,
    migrateOnStart: e.MIGRATE_ON_START,
    jobs: {
      // pg-boss needs PostgreSQL; the embedded database keeps the in-process runner.
      queue: e.JOB_QUEUE === 'auto' ? (e.DATABASE_URL ? 'pg-boss' : 'in-process') : e.JOB_QUEUE,
      staleAfterMs: e.JOB_STALE_AFTER_SECONDS * 1000,
      sweepIntervalMs: e.SWEEP_INTERVAL_SECONDS * 1000,
      // One generation's deadline, all its attempts together.
      timeoutMs: e.JOB_TIMEOUT_SECONDS * 1000,
    },
    // Download variants rendered on demand: renders at once, renders that may wait (one more is a
    // 503), and the size the stored ones are held under (least recently served evicted first).
    variants: {
      renderConcurrency: e.VARIANT_RENDER_CONCURRENCY,
      renderQueue: e.VARIANT_RENDER_QUEUE,
      cacheBytes: e.VARIANT_CACHE_MB * 1024 * 1024,
    },
    database: e.DATABASE_URL
      ? ({ kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE } as const)
      : ({ kind: 'pglite', dir: path.join(dataDir, 'db') } as const),
    images: {
      provider,
      openai: e.OPENAI_API_KEY
        ? {
            apiKey: e.OPENAI_API_KEY,
            baseURL: e.OPENAI_BASE_URL,
            imageModel: e.OPENAI_IMAGE_MODEL ?? DEFAULT_MODELS.image,
            visionModel: e.OPENAI_VISION_MODEL ?? DEFAULT_MODELS.vision,
            moderationModel: e.OPENAI_MODERATION_MODEL ?? DEFAULT_MODELS.moderation,
            suggestModel: e.OPENAI_SUGGEST_MODEL ?? DEFAULT_MODELS.suggest,
            timeoutMs: e.OPENAI_TIMEOUT_MS,
          }
        : undefined,
    },
    payments,
    stripePrices: {
      plans: {
        basic: e.STRIPE_PRICE_BASIC,
        premium: e.STRIPE_PRICE_PREMIUM,
        enterprise: e.STRIPE_PRICE_ENTERPRISE,
      },
      packs: {
        starter: e.STRIPE_PRICE_PACK_STARTER ?? e.STRIPE_PRICE_STARTER,
        creator: e.STRIPE_PRICE_PACK_CREATOR ?? e.STRIPE_PRICE_CREATOR,
        pro: e.STRIPE_PRICE_PACK_PRO ?? e.STRIPE_PRICE_PRO,
      },
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? 'Clipsmith <no-reply@clipsmith.local>',
      /** /dev/mail shows every e-mail sent: only where mail stays local (development without SMTP). */
      devOutbox: !isProduction && !e.SMTP_URL,
    },
    storage: e.S3_BUCKET
      ? ({
          kind: 's3',
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
        } as const)
      : ({ kind: 'local', dir: path.join(dataDir, 'images') } as const),
    publicImageBaseUrl: e.PUBLIC_IMAGE_BASE_URL?.replace(/\/+$/, ''),
  };
}

/** Parses the environment; throws ConfigError with one line naming the variable. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'configuration');
    throw new ConfigError(issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`);
  }
  return buildConfig(parsed.data, cwd);
}

/**
 * The auth secret signs session cookies. Generated once and kept in DATA_DIR so sessions survive
 * restarts on a machine that never configured one.
 */
export function resolveAuthSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
