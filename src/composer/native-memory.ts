// resvg keeps each rendered 1024x1024 pixmap (4 MB) in native memory until V8 collects the small
// JS object that wraps it. The composer allocates little JS memory per picture, so V8 seldom runs
// a collection and the pixmaps pile up (peak RSS passed 500 MB over 120 pictures). A minor GC
// (a young-generation scavenge, ~1 ms) after each picture frees them; `global.gc` is only there
// with --expose-gc, so it is taken the way Jest's leak detector does.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Gc = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async' }) => void;

let collect: Gc | null | undefined;

function gcFunction(): Gc | null {
  if (collect !== undefined) return collect;
  collect = (globalThis as { gc?: Gc }).gc ?? null;
  if (collect) return collect;
  try {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Gc;
  } catch {
    collect = null;
  }
  return collect;
}

/**
 * Frees the native memory of renders no longer referenced (call once a picture is done). Node runs
 * the wrappers' finalizers on a later turn of the event loop, so this waits for one: a caller
 * rendering in a loop (a benchmark, the contact sheet) would otherwise never let them run.
 */
export async function releaseRenderMemory(): Promise<void> {
  gcFunction()?.({ type: 'minor' });
  await new Promise<void>((resolve) => setImmediate(resolve));
}
