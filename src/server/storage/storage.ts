// The storage port: image files by key. Embedded default: a folder; at scale: an S3-compatible bucket.
export type StoredObject = { bytes: Buffer; contentType: string; etag: string };

/** One stored file as a listing shows it. */
export type ListedObject = { key: string; lastModified: Date };
export type ListPage = { objects: ListedObject[]; next: string | null };

export type Storage = {
  kind: 'local' | 's3';
  /** `signal` abandons the upload (a job past its deadline). */
  put(key: string, bytes: Buffer, contentType: string, options?: { signal?: AbortSignal }): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /**
   * Removes every object whose key starts with prefix, every stored version of it included (a
   * versioned bucket keeps the bytes otherwise). Resolves only when the store confirmed each one;
   * otherwise throws (a StorageDeleteError names the keys it refused).
   */
  deletePrefix(prefix: string): Promise<void>;
  /** One page of the objects under prefix in key order; pass `next` back for the following page. */
  list(prefix: string, next?: string | null): Promise<ListPage>;
};

/** The store answered, but refused to delete some keys (S3's per-key Errors of DeleteObjects). */
export class StorageDeleteError extends Error {
  override name = 'StorageDeleteError';
  constructor(readonly refused: Array<{ key: string; code: string; message: string }>) {
    const first = refused[0];
    super(
      `the store refused to delete ${refused.length} object${refused.length === 1 ? '' : 's'}` +
        (first ? ` (${first.key}: ${first.code} ${first.message})` : ''),
    );
  }
}

/** Every image's files live under this prefix. */
export const IMAGES_PREFIX = 'images/';

/** Keys of one image's files; variants live under the same prefix so deletion takes them too. */
export const imageKeys = {
  prefix: (imageId: string) => `${IMAGES_PREFIX}${imageId}/`,
  original: (imageId: string) => `${IMAGES_PREFIX}${imageId}/original.png`,
  thumb: (imageId: string) => `${IMAGES_PREFIX}${imageId}/thumb.webp`,
  vector: (imageId: string) => `${IMAGES_PREFIX}${imageId}/vector.svg`,
  variant: (imageId: string, name: string) => `${IMAGES_PREFIX}${imageId}/variants/${name}`,
};

/** The image id a key belongs to ('images/<id>/…'), or null for a key outside any image. */
export function imageIdOfKey(key: string): string | null {
  if (!key.startsWith(IMAGES_PREFIX)) return null;
  const rest = key.slice(IMAGES_PREFIX.length);
  const slash = rest.indexOf('/');
  return slash > 0 ? rest.slice(0, slash) : null;
}
