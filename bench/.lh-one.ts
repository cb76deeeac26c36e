import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '/work/wt/webperf/tests/e2e/chromium';

const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROMIUM_ARGS });
const r = await lighthouse(url, {
  port: chrome.port,
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance'],
});
chrome.kill();
writeFileSync('/tmp/lh.json', JSON.stringify(r!.lhr));
const a = r!.lhr.audits;
console.log(
  'score',
  r!.lhr.categories.performance.score,
  'benchmarkIndex',
  r!.lhr.environment.benchmarkIndex,
);
for (const id of [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
])
  console.log(id, a[id].numericValue);
console.log(
  JSON.stringify(
    (a['bootup-time'].details as any).items
      .slice(0, 8)
      .map((i: any) => [
        i.url,
        Math.round(i.total),
        Math.round(i.scripting),
        Math.round(i.scriptParseCompile),
      ]),
  ),
);
console.log(
  JSON.stringify(
    (a['mainthread-work-breakdown'].details as any).items.map((i: any) => [i.group, Math.round(i.duration)]),
  ),
);
console.log(
  JSON.stringify(
    (a['long-tasks']?.details as any)?.items
      ?.slice(0, 10)
      .map((i: any) => [i.url, Math.round(i.startTime), Math.round(i.duration)]),
  ),
);
console.log(JSON.stringify((a['layout-shifts']?.details as any)?.items?.slice(0, 5)));
console.log(JSON.stringify(a['largest-contentful-paint-element']?.details ?? null).slice(0, 800));
