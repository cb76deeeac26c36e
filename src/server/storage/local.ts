import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './storage';

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
};

export function createLocalStorage(dir: string): Storage {
  const root = path.resolve(dir);
  const resolve = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error(`storage key outside the folder: ${key}`);
    return file;
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file. Each write has its own temporary
      // name: two writes of one key in the same millisecond (a grid making a thumbnail while the
      // queue makes it) shared one, and the second rename failed.
      const tmp = `${file}.${randomUUID()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
    },
    async get(key) {
      try {
        const bytes = await readFile(resolve(key));
        const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
        return { bytes, contentType: TYPES[path.extname(key)] ?? 'application/octet-stream', etag };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async deletePrefix(prefix) {
      await rm(resolve(prefix), { recursive: true, force: true });
    },
  };
}
