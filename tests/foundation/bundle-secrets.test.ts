// No secret ever reaches the browser bundle: build the SPA with canary secrets in the environment
// and look for them (and for server-only names) in every file the browser can download.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/process';

const outDir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-bundle-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const CANARIES = {
  OPENAI_API_KEY: 'sk-canary-openai-4f9d2b7e',
  STRIPE_SECRET_KEY: 'sk_test_canary_stripe_81c3',
  STRIPE_WEBHOOK_SECRET: 'whsec_canary_77aa',
  AUTH_SECRET: 'canary-auth-secret-canary-auth-secret-0001',
  S3_SECRET_ACCESS_KEY: 'canary-s3-secret-9911',
  SMTP_URL: 'smtp://canary:canary-smtp-pass@mail.example:587',
  DATABASE_URL: 'postgres://canary:canary-db-pass@db.example:5432/x',
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

describe('the browser bundle', () => {
  it('contains no secret from the server environment', { timeout: 180_000 }, () => {
    const build = spawnSync(
      'npx',
      ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      {
        cwd: ROOT,
        env: { ...process.env, ...CANARIES },
        encoding: 'utf8',
      },
    );
    expect(build.status, build.stderr).toBe(0);
    const texts = files(outDir)
      .filter((f) => /\.(js|css|html|json|map|txt|svg)$/.test(f))
      .map((f) => [f, readFileSync(f, 'utf8')] as const);
    expect(texts.some(([f]) => f.endsWith('.js'))).toBe(true);
    for (const [file, text] of texts) {
      for (const [name, value] of Object.entries(CANARIES)) {
        expect(text.includes(value), `${name} leaked into ${path.basename(file)}`).toBe(false);
      }
      expect(/sk-[A-Za-z0-9]{20,}|whsec_[A-Za-z0-9]{10,}/.test(text), `key-like string in ${file}`).toBe(
        false,
      );
    }
  });
});
