// DATA_DIR is checked before anything is stored in it, so a folder that is a file, not writable or
// full stops start-up with one line saying which and what to do, not a stack trace from PGlite.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError } from '../config';

/** Bytes the probe writes: enough that a full disk refuses it, small enough to cost nothing. */
const PROBE_BYTES = 64 * 1024;

/** Whether this configuration keeps anything in DATA_DIR (PGlite, local images, a generated auth secret). */
export function usesDataDir(config: Config): boolean {
  return config.database.kind !== 'postgres' || config.storage.kind === 'local' || !config.authSecret;
}

/** Throws a ConfigError naming DATA_DIR and the problem when it cannot hold our files. */
export function checkDataDir(dir: string): void {
  const problem = (what: string) => new ConfigError(`DATA_DIR (${dir}) ${what}`);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw explain(error as NodeJS.ErrnoException, problem);
  }
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    writeFileSync(probe, Buffer.alloc(PROBE_BYTES));
  } catch (error) {
    throw explain(error as NodeJS.ErrnoException, problem);
  } finally {
    rmSync(probe, { force: true });
  }
}

function explain(error: NodeJS.ErrnoException, problem: (what: string) => ConfigError): ConfigError {
  switch (error.code) {
    case 'EEXIST':
    case 'ENOTDIR':
      return problem('is a file, not a folder. Point DATA_DIR at a folder (it is created if missing).');
    case 'EACCES':
    case 'EPERM':
      return problem(
        'is not writable by this user. Change its owner or permissions, or point DATA_DIR elsewhere.',
      );
    case 'EROFS':
      return problem('is on a read-only file system. Point DATA_DIR at a writable folder.');
    case 'ENOSPC':
    case 'EDQUOT':
      return problem('is full (no space left on its disk). Free some space or point DATA_DIR elsewhere.');
    default:
      return problem(`cannot be used: ${error.message}`);
  }
}
