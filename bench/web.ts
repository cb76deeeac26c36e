// `npm run bench:web`: Lighthouse (mobile, its default simulated throttling) on a production build,
// every public page and, signed in, the member pages; three runs each, the median of each number.
// Prints the table and, when this machine has run it before, the previous table from
// .tmp/bench-web.json, so a change shows its effect. Not a timed test: a shared machine is noisy.
// `npm run bench:web -- --no-build` skips the build; `-- /pricing /create` runs only those pages;
// BENCH_WEB_RUNS changes the number of runs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/chromium';
import { freePort, startServer } from '../tests/helpers/process';
import { startFakeSmtp } from '../tests/helpers/smtp';
import { median } from './stats';

const PUBLIC_PAGES = [
  '/',
  '/pricing',
  '/how-it-works',
  '/faq',
  '/about',
  '/blog',
  '/blog/classroom-stickers',
  '/terms',
  '/privacy',
  '/contact',
  '/login',
  '/signup',
  '/forgot-password',
];
const MEMBER_PAGES = ['/create', '/dashboard', '/history', '/explore'];
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const RESULTS_FILE = path.resolve('.tmp/bench-web.json');
const PASSWORD = 'lighthouse keeper walks the pier at dusk';

type Row = {
  page: string;
  signedIn: boolean;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes on the wire (compressed) and raw (decoded), scripts and stylesheets. */
  jsWire: number;
  jsRaw: number;
  cssWire: number;
  cssRaw: number;
};
type Saved = { date: string; machine: string; runs: number; rows: Row[] };

const args = process.argv.slice(2);
const only = args.filter((a) => a.startsWith('/'));
const executablePath = chromiumPath();
if (!executablePath) {
  console.info('bench web: needs Chromium (apt-get install -y chromium); skipped.');
  process.exit(0);
}
if (!args.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const machine = `${os.cpus().length}× ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${chromiumVersion()}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-bench-web-'));
// Production sends mail: a local SMTP server receives the sign-up's confirmation e-mail.
const smtp = await startFakeSmtp();
const port = await freePort();
const server = await startServer({
  PORT: String(port),
  PUBLIC_URL: `http://localhost:${port}`,
  SMTP_URL: smtp.url,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  MAIL_FROM: 'Clipsmith <no-reply@mail.example.com>',
  RATE_LIMIT: 'false',
  // A shop that can take payments, as a real deployment has (with payments off, /pricing adds a
  // notice once the server says so).
  PAYMENTS: 'test',
});
// The address the server calls its own (PUBLIC_URL): its origin check accepts it.
const origin = server.url.replace('127.0.0.1', 'localhost');
const chrome = await chromeLauncher.launch({ chromePath: executablePath, chromeFlags: CHROMIUM_ARGS });
const rows: Row[] = [];
try {
  const cookie = await signedInMember();
  const pages = [
    ...PUBLIC_PAGES.map((page) => ({ page, signedIn: false })),
    ...MEMBER_PAGES.map((page) => ({ page, signedIn: true })),
  ].filter(({ page }) => only.length === 0 || only.includes(page));
  for (const { page, signedIn } of pages) {
    const runs: Row[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(page, signedIn ? cookie : undefined));
    const mid = (key: keyof Row) => median(runs.map((r) => r[key] as number));
    rows.push({
      page,
      signedIn,
      score: mid('score'),
      fcpMs: mid('fcpMs'),
      lcpMs: mid('lcpMs'),
      tbtMs: mid('tbtMs'),
      cls: mid('cls'),
      jsWire: mid('jsWire'),
      jsRaw: mid('jsRaw'),
      cssWire: mid('cssWire'),
      cssRaw: mid('cssRaw'),
    });
    console.info(
      `  ${page}${signedIn ? ' (signed in)' : ''}: ${runs.map((r) => r.score.toFixed(2)).join(' ')}`,
    );
  }
} finally {
  chrome.kill();
  await server.stop();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const previous = existsSync(RESULTS_FILE) ? (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as Saved) : null;
const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
console.info(
  `\nLighthouse ${lighthouseVersion()}, mobile, simulated throttling; median of ${RUNS} runs. ${date} UTC, ${machine}\n`,
);
console.info(table(rows));
if (previous) {
  console.info(`\nPrevious run (${previous.date} UTC, median of ${previous.runs}):\n`);
  console.info(table(previous.rows));
}
mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
writeFileSync(RESULTS_FILE, JSON.stringify({ date, machine, runs: RUNS, rows } satisfies Saved, null, 2));

async function signedInMember(): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'lighthouse@example.com', password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-up failed ${res.status}: ${await res.text()}`);
  // The session starts with the confirmation e-mail's link, which the local SMTP server received.
  const mail = await smtp.waitFor('lighthouse@example.com', { timeoutMs: 30_000 });
  const link = /\/verify-email\?token=[^\s"<&]+/.exec(mail.text)?.[0];
  if (!link) throw new Error('no confirmation link in the e-mail');
  const confirmed = await fetch(`${server.url}/api/auth${link}`);
  if (confirmed.status !== 200) throw new Error(`confirming failed ${confirmed.status}`);
  const cookie = confirmed.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  // A member with a few pictures (the free allowance), so History, the dashboard and Explore have cards.
  for (const prompt of ['a lighthouse on a rock', 'a happy cat', 'a red bicycle']) {
    const created = await fetch(`${server.url}/api/generations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie },
      body: JSON.stringify({ prompt }),
    });
    if (created.status !== 202)
      throw new Error(`generation refused ${created.status}: ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const job = (await (
        await fetch(`${server.url}/api/generations/${id}`, { headers: { cookie } })
      ).json()) as { status: string };
      if (job.status === 'succeeded' || job.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return cookie;
}

/** One Lighthouse run; Chromium's first navigation sometimes ends in an interstitial, tried again. */
async function measure(page: string, cookie?: string, attempt = 1): Promise<Row> {
  const result = await lighthouse(
    `${origin}${page}`,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // The session cookie on every request, as a browser that signed in earlier sends it.
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    },
    undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    if (attempt < 3) return measure(page, cookie, attempt + 1);
    throw new Error(`Lighthouse on ${page}: ${lhr.runtimeError.message}`);
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const sum = (type: string, key: 'transferSize' | 'resourceSize') =>
    requests.filter((r) => r.resourceType === type).reduce((total, r) => total + (r[key] ?? 0), 0);
  return {
    page,
    signedIn: Boolean(cookie),
    score: lhr.categories.performance?.score ?? 0,
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsWire: sum('Script', 'transferSize'),
    jsRaw: sum('Script', 'resourceSize'),
    cssWire: sum('Stylesheet', 'transferSize'),
    cssRaw: sum('Stylesheet', 'resourceSize'),
  };
}
type NetworkItem = { resourceType?: string; transferSize?: number; resourceSize?: number };

function table(list: Row[]): string {
  const kb = (n: number) => `${(n / 1024).toFixed(0)}`;
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const lines = [
    '| page | score | FCP s | LCP s | TBT ms | CLS | JS KB wire / raw | CSS KB wire / raw |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const r of list) {
    lines.push(
      `| ${r.page}${r.signedIn ? ' (signed in)' : ''} | ${r.score.toFixed(2)} | ${s(r.fcpMs)} | ${s(r.lcpMs)} | ${r.tbtMs.toFixed(0)} | ${r.cls.toFixed(3)} | ${kb(r.jsWire)} / ${kb(r.jsRaw)} | ${kb(r.cssWire)} / ${kb(r.cssRaw)} |`,
    );
  }
  return lines.join('\n');
}

function chromiumVersion(): string {
  const res = spawnSync(executablePath!, ['--version'], { encoding: 'utf8' });
  return res.stdout?.trim() || 'Chromium';
}

function lighthouseVersion(): string {
  return JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')).version;
}
