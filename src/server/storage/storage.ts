// The storage port: image files by key. Embedded default: a folder; at scale: an S3-compatible bucket.
export type StoredObject = { bytes: Buffer; contentType: string; etag: string };

export type Storage = {
  kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** Removes every object whose key starts with prefix. */
  deletePrefix(prefix: string): Promise<void>;
};

/** Keys of one image's files; variants live under the same prefix so deletion takes them too. */
export const imageKeys = {
  prefix: (imageId: string) => `images/${imageId}/`,
  original: (imageId: string) => `images/${imageId}/original.png`,
  thumb: (imageId: string) => `images/${imageId}/thumb.webp`,
  vector: (imageId: string) => `images/${imageId}/vector.svg`,
  variant: (imageId: string, name: string) => `images/${imageId}/variants/${name}`,
};
