import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { freePort, runServer } from '../helpers/process';

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
    const ok = loadConfig({ ...production, MAIL_FROM: 'Clipsmith <no-reply@clipsmith.com>' });
    expect(ok.mail.from).toBe('Clipsmith <no-reply@clipsmith.com>');
    // Outside production the outbox needs no real sender.
    expect(loadConfig({}).mail.from).toBe('Clipsmith <no-reply@clipsmith.local>');
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
