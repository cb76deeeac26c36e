// The app as `npm start` runs it, on a throwaway DATA_DIR, for the browser tests.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clipsmith-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV ??= 'test';
process.env.LOG_LEVEL ??= 'warn';
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanup);
await import('../../src/server/main');
