// A DATA_DIR that cannot hold our files stops the server at start with one line saying what is
// wrong with it, exit code 1, and no stack trace.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, runServer } from '../helpers/process';

const root = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-datadir-'));
const undo: Array<() => void> = [];
afterAll(() => {
  for (const fn of undo.reverse()) {
    try {
      fn();
    } catch {
      // best effort
    }
  }
  rmSync(root, { recursive: true, force: true });
});

const isRoot = process.getuid?.() === 0;
/** Runs a command, true when it worked (mount and chattr need root; CI's user uses chmod). */
const tryRun = (cmd: string, args: string[]) => {
  try {
    execFileSync(cmd, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

async function startWith(dataDir: string) {
  const proc = runServer({ DATA_DIR: dataDir, PORT: String(await freePort()), RATE_LIMIT: 'false' });
  const code = await Promise.race([
    proc.exited,
    new Promise<'still running'>((r) => setTimeout(() => r('still running'), 60_000)),
  ]);
  if (code === 'still running') proc.child.kill('SIGKILL');
  return { code, output: proc.output().trim() };
}

function expectOneClearLine(result: { code: unknown; output: string }, dataDir: string, says: RegExp) {
  expect(result.code, result.output).toBe(1);
  expect(result.output.split('\n'), result.output).toHaveLength(1);
  expect(result.output).toMatch(
    new RegExp(`^Clipsmith cannot start: DATA_DIR \\(${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\) `),
  );
  expect(result.output).toMatch(says);
  expect(result.output).not.toMatch(/\n\s+at /);
}

describe('a DATA_DIR the server cannot use', { timeout: 90_000 }, () => {
  it('is a file: says so', async () => {
    const file = path.join(root, 'a-file');
    writeFileSync(file, 'not a folder');
    expectOneClearLine(await startWith(file), file, /is a file, not a folder/);
  });

  const unwritable = path.join(root, 'locked');
  mkdirSync(unwritable);
  // root ignores permissions, but not the immutable flag.
  const lock = () => {
    if (isRoot) return tryRun('chattr', ['+i', unwritable]);
    chmodSync(unwritable, 0o500);
    return true;
  };
  const locked = lock();
  if (locked) undo.push(() => (isRoot ? tryRun('chattr', ['-i', unwritable]) : chmodSync(unwritable, 0o700)));

  it.skipIf(!locked)('is not writable: says so', async () => {
    expectOneClearLine(await startWith(unwritable), unwritable, /is not writable by this user/);
  });

  const full = path.join(root, 'full');
  mkdirSync(full);
  // A 16 KiB file system: the start-up probe does not fit. Needs root to mount.
  const mounted = isRoot && tryRun('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', full]);
  if (mounted) undo.push(() => tryRun('umount', [full]));

  it.skipIf(!mounted)('is full: says so', async () => {
    expectOneClearLine(await startWith(full), full, /is full \(no space left on its disk\)/);
  });
});
