// Offline composer benchmark: index load time (what start-up pays), ms per 1024x1024 PNG over the
// 10 sample prompts x 6 themes and 60 prompts of the relevance suite (after a warm-up pass), and peak RSS.
//   node --import tsx bench/composer.ts
import { ComposerMiss, composeClipart, getLexicon } from '../src/composer';
import { RELEVANCE_CASES } from '../src/composer/relevance';
import { ART_DIRECTION_CONTROLS, type ArtDirection } from '../src/core/art-direction';
import { THEME_IDS as THEMES } from '../src/core/options';
import { SAMPLE_PROMPTS } from '../src/core/prompt';

let peakRss = process.memoryUsage().rss;
const sampleRss = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};
const timer = setInterval(sampleRss, 5);

const startedAt = performance.now();
const lexicon = getLexicon();
const indexMs = performance.now() - startedAt;
sampleRss();

// Warm-up: first renders pay for JIT, the tagger, art metrics and resvg start-up.
const warmStarted = performance.now();
await composeClipart({ prompt: SAMPLE_PROMPTS[0], theme: 'default', seed: 99 });
const firstMs = performance.now() - warmStarted;
for (const theme of THEMES) await composeClipart({ prompt: SAMPLE_PROMPTS[0], theme, seed: 99 });

const times: number[] = [];
const cpuTimes: number[] = [];
const byTheme = new Map<string, number[]>();
const run = async (prompt: string, theme: (typeof THEMES)[number], artDirection?: ArtDirection) => {
  const started = performance.now();
  const cpu = process.cpuUsage();
  try {
    await composeClipart({ prompt, theme, seed: 1, artDirection });
  } catch (error) {
    if (!(error instanceof ComposerMiss)) throw error;
  }
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  times.push(ms);
  // CPU time too: on a shared 2-core machine wall time also counts other processes' work.
  cpuTimes.push((used.user + used.system) / 1000);
  if (!artDirection) byTheme.set(theme, [...(byTheme.get(theme) ?? []), ms]);
  sampleRss();
};
for (const prompt of SAMPLE_PROMPTS) for (const theme of THEMES) await run(prompt, theme);
for (const c of RELEVANCE_CASES.slice(0, 60)) await run(c.prompt, 'default');
// Art direction (Premium): every value of every control, on its own and all at once, over the
// first 4 sample prompts and every theme; reported apart so the main figure stays comparable.
const plainRenders = times.length;
const directions: ArtDirection[] = ART_DIRECTION_CONTROLS.flatMap((c) =>
  c.values.map((v) => ({ [c.key]: v.id }) as ArtDirection),
);
directions.push({
  composition: 'scene',
  outline: 'bold',
  colours: 'few',
  background: 'scene',
  viewpoint: 'three-quarter',
});
for (const artDirection of directions)
  for (const prompt of SAMPLE_PROMPTS.slice(0, 4))
    for (const theme of THEMES) await run(prompt, theme, artDirection);
const directedTimes = times.splice(plainRenders);
const directedCpu = cpuTimes.splice(plainRenders);
clearInterval(timer);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const fmt = (v: number) => v.toFixed(1);
console.info(
  `index load at start-up: ${fmt(indexMs)} ms (${lexicon.arts.length} pictures, ${lexicon.words.size} words); first picture after it: ${fmt(firstMs)} ms`,
);
console.info(
  `renders: ${times.length}, median ${fmt(quantile(times, 0.5))} ms, p95 ${fmt(quantile(times, 0.95))} ms (target: median < 100 ms)`,
);
console.info(
  `art direction renders: ${directedTimes.length}, median ${fmt(quantile(directedTimes, 0.5))} ms (cpu ${fmt(quantile(directedCpu, 0.5))} ms), p95 ${fmt(quantile(directedTimes, 0.95))} ms (target: median < 100 ms)`,
);
console.info(
  `cpu time per render: median ${fmt(quantile(cpuTimes, 0.5))} ms, p95 ${fmt(quantile(cpuTimes, 0.95))} ms`,
);
for (const [theme, list] of byTheme)
  console.info(
    `  ${theme.padEnd(10)} median ${fmt(quantile(list, 0.5))} ms, max ${fmt(Math.max(...list))} ms`,
  );
console.info(`peak RSS: ${fmt(peakRss / 1024 / 1024)} MB (target: < 300 MB)`);
