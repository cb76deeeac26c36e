import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ListedObject, Storage } from './storage';

const LIST_PAGE = 1000;

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
    async list(prefix, next) {
      // The folder that holds every key starting with prefix ('images/ab' lists 'images/').
      const dir = path.resolve(root, prefix.endsWith('/') ? prefix : path.posix.dirname(prefix));
      if (dir !== root && !dir.startsWith(root + path.sep))
        throw new Error(`storage prefix outside the folder: ${prefix}`);
      let names: string[];
      try {
        names = await readdir(dir, { recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { objects: [], next: null };
        throw error;
      }
      const keys = names
        .map((name) => path.relative(root, path.join(dir, name)).split(path.sep).join('/'))
        .filter((key) => key.startsWith(prefix) && (!next || key > next))
        .sort();
      const objects: ListedObject[] = [];
      for (const key of keys) {
        if (objects.length === LIST_PAGE) break;
        const info = await stat(path.join(root, key)).catch(() => null);
        if (info?.isFile()) objects.push({ key, lastModified: info.mtime });
      }
      const more = objects.length === LIST_PAGE && keys.at(-1) !== objects.at(-1)?.key;
      return { objects, next: more ? (objects.at(-1)?.key ?? null) : null };
    },
  };
}
