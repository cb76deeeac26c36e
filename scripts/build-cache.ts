// The build's memory of what it built: each step names its inputs (files and folders), and the
// SHA-256 of their paths and contents is stored in a small manifest (dist/build-manifest.json)
// once the step succeeds. A step whose inputs hash the same and whose outputs are still there is
// skipped, so a second `npm start` with nothing changed serves in seconds; a changed, added or
// removed input file rebuilds that step (and only the steps that read it).
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

export type BuildStep = {
  /** Key in the manifest. */
  id: string;
  /** What the progress line calls it. */
  title: string;
  /** Files and folders (relative to the root) whose contents decide the output. */
  inputs: string[];
  /** Files or folders that must exist for a skip; a missing one rebuilds. */
  outputs: string[];
  /** Extra key material (another step's hash, a flag). */
  extra?: () => string;
  /** Runs the step; may return a short account of what it made. */
  run: () => Promise<string | undefined> | string | undefined;
};

export type Manifest = { version: 1; steps: Record<string, { hash: string; builtAt: string; ms: number }> };

const SKIPPED_DIRS = new Set(['node_modules', '.git']);

/** Every file under the inputs, as sorted root-relative paths (folders walked, missing ones skipped). */
export function inputFiles(root: string, inputs: string[]): string[] {
  const files: string[] = [];
  const walk = (rel: string) => {
    const abs = path.join(root, rel);
    if (!existsSync(abs)) return;
    if (!statSync(abs).isDirectory()) {
      files.push(rel.split(path.sep).join('/'));
      return;
    }
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      if (SKIPPED_DIRS.has(entry.name)) continue;
      walk(path.join(rel, entry.name));
    }
  };
  for (const input of inputs) walk(input);
  return [...new Set(files)].sort();
}

/** The hash of the inputs: each file's path and content, so a rename or deletion counts too. */
export function fingerprint(root: string, inputs: string[], extra = ''): string {
  const hash = createHash('sha256');
  hash.update(`inputs:${[...inputs].sort().join(',')}\0extra:${extra}\0`);
  for (const file of inputFiles(root, inputs)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function readManifest(file: string): Manifest {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    if (parsed.version === 1 && parsed.steps && typeof parsed.steps === 'object') return parsed;
  } catch {
    // Missing or unreadable: nothing is known to be built.
  }
  return { version: 1, steps: {} };
}

function writeManifest(file: string, manifest: Manifest) {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(tmp, file);
}

export type Decision = { build: boolean; reason: string };

/** Whether a step must run: forced, never built, inputs changed, or an output gone. */
export function decide(opts: {
  hash: string;
  recorded: string | undefined;
  missingOutputs: string[];
  force: boolean;
}): Decision {
  if (opts.force) return { build: true, reason: 'forced' };
  if (!opts.recorded) return { build: true, reason: 'not built yet' };
  if (opts.recorded !== opts.hash) return { build: true, reason: 'sources changed' };
  if (opts.missingOutputs.length > 0) return { build: true, reason: `${opts.missingOutputs[0]} is missing` };
  return { build: false, reason: 'up to date' };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs the steps in order, skipping the current ones; returns what each did. */
export async function runBuild(
  steps: BuildStep[],
  opts: {
    root: string;
    manifestFile: string;
    force?: boolean;
    log?: (line: string) => void;
    /** Printed once before the first step that has to run. */
    firstBuildNote?: string;
  },
): Promise<Array<{ id: string; built: boolean; reason: string; ms: number }>> {
  const log = opts.log ?? ((line: string) => console.info(line));
  const manifest = readManifest(opts.manifestFile);
  const results = [];
  let announced = false;
  const started = Date.now();
  for (const step of steps) {
    const t0 = Date.now();
    const hash = fingerprint(opts.root, step.inputs, step.extra?.() ?? '');
    const missingOutputs = step.outputs.filter((out) => !existsSync(path.join(opts.root, out)));
    const decision = decide({
      hash,
      recorded: manifest.steps[step.id]?.hash,
      missingOutputs,
      force: Boolean(opts.force),
    });
    if (!decision.build) {
      log(`  ✓ ${step.title}: up to date, skipped`);
      results.push({ id: step.id, built: false, reason: decision.reason, ms: Date.now() - t0 });
      continue;
    }
    if (!announced && opts.firstBuildNote) log(opts.firstBuildNote);
    announced = true;
    log(`  … ${step.title} (${decision.reason})`);
    // Forgotten before it runs: a build interrupted half-way is not taken for a finished one.
    delete manifest.steps[step.id];
    writeManifest(opts.manifestFile, manifest);
    const detail = await step.run();
    const ms = Date.now() - t0;
    manifest.steps[step.id] = { hash, builtAt: new Date().toISOString(), ms };
    writeManifest(opts.manifestFile, manifest);
    log(`  ✓ ${step.title}: ${detail ? `${detail}, ` : ''}${seconds(ms)}`);
    results.push({ id: step.id, built: true, reason: decision.reason, ms });
  }
  const built = results.filter((r) => r.built).length;
  log(
    built === 0
      ? 'Build: everything is up to date (npm run build -- --force rebuilds it all).'
      : `Build done in ${seconds(Date.now() - started)}.`,
  );
  return results;
}
