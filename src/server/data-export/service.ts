// "Download my data": one zip with every picture the member made (the original PNG, and the SVG
// where one exists) and a JSON of their account, plan, credit ledger, API keys, history and saved styles. Streamed: the
// archive is written as the client reads it, one picture at a time, never whole in memory.
import { asc, desc, eq } from 'drizzle-orm';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { promptSlug } from '../../core/download';
import { getMe } from '../account/service';
import type { Database } from '../db/client';
import { apiKeys, creditTransactions, generatedImages, users } from '../db/schema';
import { imageKeys, type Storage } from '../storage/storage';
import { listStyles } from '../styles/service';

export const DATA_FILE = 'clipsmith-data.json';

/**
 * The picture's file names inside the zip: date first, so a folder lists them in order, then the
 * prompt's first words, then the start of the id so two pictures of one prompt on one day differ:
 * `pictures/2026-11-26-red-fox-reading-1a2b3c4d.png`.
 */
export function exportFileName(
  image: { id: string; createdAt: Date; prompt: string },
  ext: 'png' | 'svg',
): string {
  const day = image.createdAt.toISOString().slice(0, 10);
  return `pictures/${day}-${promptSlug(image.prompt)}-${image.id.replaceAll('-', '').slice(0, 8)}.${ext}`;
}

export type DataExport = {
  exportedAt: string;
  account: {
    id: string;
    email: string;
    fullName: string;
    username: string;
    usernameChangedAt: string | null;
    createdAt: string;
  };
  plan: {
    tier: string;
    status: string;
    periodEnd: string | null;
    imagesThisMonth: number;
    monthlyLimit: number | null;
  };
  credits: {
    balance: number;
    ledger: Array<{ type: string; amount: number; description: string; createdAt: string }>;
  };
  /** Every key the member made, revoked ones included; never the key or its hash. */
  apiKeys: Array<{
    name: string;
    prefix: string;
    createdAt: string;
    lastUsedAt: string | null;
    revokedAt: string | null;
  }>;
  history: Array<{
    id: string;
    prompt: string;
    theme: string;
    quality: string;
    privacy: string;
    createdAt: string;
    files: { png: string; svg: string | null };
  }>;
  /** Saved custom styles (Premium), kept even when the plan no longer includes them. */
  styles: Array<{ name: string; theme: string; palette: string; words: string; createdAt: string }>;
};

async function collect(db: Database, userId: string, now: Date) {
  const me = await getMe(db, userId, now);
  const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  const ledger = await db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId))
    .orderBy(asc(creditTransactions.createdAt), asc(creditTransactions.id));
  // Named columns only: the hash must not reach the export even by accident.
  const keys = await db
    .select({
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  const images = await db
    .select()
    .from(generatedImages)
    .where(eq(generatedImages.userId, userId))
    .orderBy(desc(generatedImages.createdAt), desc(generatedImages.id));
  const { styles } = await listStyles(db, userId);
  const data: DataExport = {
    exportedAt: now.toISOString(),
    account: {
      id: me.user.id,
      email: me.user.email,
      fullName: me.user.fullName,
      username: me.user.username,
      usernameChangedAt: me.user.usernameChangedAt,
      createdAt: (user?.createdAt ?? now).toISOString(),
    },
    plan: {
      tier: me.membership.tier,
      status: me.membership.status,
      periodEnd: me.membership.periodEnd,
      imagesThisMonth: me.membership.imageCount,
      monthlyLimit: me.membership.imageLimit,
    },
    credits: {
      balance: me.credits,
      ledger: ledger.map((t) => ({
        type: t.type,
        amount: t.amount,
        description: t.description,
        createdAt: t.createdAt.toISOString(),
      })),
    },
    apiKeys: keys.map((k) => ({
      name: k.name,
      prefix: k.prefix,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
      revokedAt: k.revokedAt?.toISOString() ?? null,
    })),
    history: images.map((image) => ({
      id: image.id,
      prompt: image.prompt,
      theme: image.theme,
      quality: image.quality,
      privacy: image.privacy,
      createdAt: image.createdAt.toISOString(),
      files: {
        png: exportFileName(image, 'png'),
        svg: image.hasSvg ? exportFileName(image, 'svg') : null,
      },
    })),
    styles: styles.map(({ name, theme, palette, words, createdAt }) => ({
      name,
      theme,
      palette,
      words,
      createdAt,
    })),
  };
  return { data, images };
}

/**
 * The zip as a byte stream. The JSON goes first; then each picture is read from storage only
 * when the client has taken the previous one (pull), so memory holds one picture at a time.
 * A picture whose file is missing from storage is listed in the JSON and skipped in the zip.
 */
export async function streamDataExport(opts: {
  db: Database;
  storage: Storage;
  userId: string;
  now?: Date;
}): Promise<ReadableStream<Uint8Array>> {
  const now = opts.now ?? new Date();
  const { data, images } = await collect(opts.db, opts.userId, now);
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const zip = new Zip((error, chunk, final) => {
    if (error) return controller.error(error);
    controller.enqueue(chunk);
    if (final) controller.close();
  });
  const addFile = (name: string, bytes: Uint8Array, mtime: Date, compress: boolean) => {
    // PNGs are already compressed: stored as they are. JSON and SVG text deflate well.
    const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    entry.mtime = mtime;
    zip.add(entry);
    entry.push(bytes, true);
  };
  const queue = images.flatMap((image) => [
    { image, key: imageKeys.original(image.id), name: exportFileName(image, 'png'), compress: false },
    ...(image.hasSvg
      ? [{ image, key: imageKeys.vector(image.id), name: exportFileName(image, 'svg'), compress: true }]
      : []),
  ]);
  let index = 0;
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        addFile(DATA_FILE, new TextEncoder().encode(JSON.stringify(data, null, 2)), now, true);
      },
      async pull() {
        // Each pull adds one file; the zip's output is enqueued as it is produced.
        while (index < queue.length) {
          const item = queue[index++];
          const stored = await opts.storage.get(item.key);
          if (!stored) continue;
          addFile(item.name, stored.bytes, item.image.createdAt, item.compress);
          return;
        }
        if (index === queue.length) {
          index++;
          zip.end();
        }
      },
    },
    // One chunk queued at a time, so the next picture is read only when the client wants more.
    { highWaterMark: 1 },
  );
}
