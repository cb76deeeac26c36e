// Offline composer benchmark: index build time, ms per 1024x1024 PNG over the 60 sample renders
// (10 sample prompts x 6 themes, after a warm-up pass) and peak RSS.
//   node --import tsx bench/composer.ts
import { composeClipart, getCatalog } from '../src/composer';
import { THEME_IDS as THEMES } from '../src/core/options';
import { SAMPLE_PROMPTS } from '../src/core/prompt';

let peakRss = process.memoryUsage().rss;
const sampleRss = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};
const timer = setInterval(sampleRss, 5);

const indexMs = getCatalog().buildMs;
sampleRss();

// Warm-up: first renders pay for JIT, icon metrics and resvg start-up.
for (const theme of THEMES) await composeClipart({ prompt: SAMPLE_PROMPTS[0], theme, seed: 99 });

const times: number[] = [];
const cpuTimes: number[] = [];
const byTheme = new Map<string, number[]>();
for (const prompt of SAMPLE_PROMPTS) {
  for (const theme of THEMES) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    await composeClipart({ prompt, theme, seed: 1 });
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    times.push(ms);
    // CPU time too: on a shared 2-core machine wall time also counts other processes' work.
    cpuTimes.push((used.user + used.system) / 1000);
    byTheme.set(theme, [...(byTheme.get(theme) ?? []), ms]);
    sampleRss();
  }
}
clearInterval(timer);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const fmt = (v: number) => v.toFixed(1);
console.info(`index build: ${fmt(indexMs)} ms`);
console.info(
  `renders: ${times.length}, median ${fmt(quantile(times, 0.5))} ms, p95 ${fmt(quantile(times, 0.95))} ms`,
);
console.info(
  `cpu time per render: median ${fmt(quantile(cpuTimes, 0.5))} ms, p95 ${fmt(quantile(cpuTimes, 0.95))} ms`,
);
for (const [theme, list] of byTheme)
  console.info(
    `  ${theme.padEnd(10)} median ${fmt(quantile(list, 0.5))} ms, max ${fmt(Math.max(...list))} ms`,
  );
console.info(`peak RSS: ${fmt(peakRss / 1024 / 1024)} MB`);
