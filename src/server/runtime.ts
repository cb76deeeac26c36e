// Builds every dependency from the config: the one place that picks adapters.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VALIDATION_PAUSE_MS } from '../core/constants';
import { createApp } from './app';
import { type Auth, createAuth } from './auth/auth';
import { createPayments, type Payments } from './billing/payments';
import { type Config, resolveAuthSecret } from './config';
import { type DatabaseHandle, openDatabase, runMigrations } from './db/client';
import { createAnalysisCheck } from './generation/checks/analysis';
import { createVisionCheck } from './generation/checks/vision';
import { createGenerationEvents, type GenerationEvents } from './generation/events';
import { createBlocklistModeration } from './generation/moderation/blocklist';
import { createOpenAIModeration } from './generation/moderation/openai';
import { runGeneration } from './generation/pipeline';
import type { ImageCheck, ImageProvider, Moderation } from './generation/ports';
import { createOfflineComposer } from './generation/providers/offline';
import { createOpenAIProvider } from './generation/providers/openai';
import { queuedGenerationIds, sweepStuckGenerations } from './generation/service';
import { createThumbnailQueue, type ThumbnailQueue } from './images/thumbnails';
import { removeBackgroundOffThread, warmPixelWorker } from './images/variants';
import { createPgBossRunner } from './jobs/pg-boss';
import { createInProcessRunner, type JobRunner } from './jobs/runner';
import { createLogger, type Logger } from './logger';
import { createMailer, type Mailer } from './mail/mailer';
import { purgeOldMail } from './mail/retention';
import { createRateLimiter, type RateLimiter } from './platform/rate-limit';
import { createStorage } from './storage';
import { retryDueDeletions } from './storage/deletions';
import type { Storage } from './storage/storage';
import { VERSION } from './version';

export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../dist/web', import.meta.url));

export type Deps = {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  auth: Auth;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  storage: Storage;
  imageProvider: ImageProvider;
  imageCheck: ImageCheck;
  moderation: Moderation;
  events: GenerationEvents;
  jobs: JobRunner;
  thumbnails: ThumbnailQueue;
  payments: Payments;
  webDir: string;
  version: string;
};

export type Runtime = {
  deps: Deps;
  app: ReturnType<typeof createApp>;
  /** Stops background work and closes the database. */
  close(): Promise<void>;
};

export type RuntimeOverrides = {
  logger?: Logger;
  database?: DatabaseHandle;
  webDir?: string;
  storage?: Storage;
  imageProvider?: ImageProvider;
  imageCheck?: ImageCheck;
  moderation?: Moderation;
  payments?: Payments;
  /** Pause between Triple Validation attempts (2 s by default). */
  validationPauseMs?: number;
  /** Set false to leave the sweeper and queued-job pickup to the caller (tests). */
  background?: boolean;
  /** pg-boss retries of a transient failure (3 after 2 s, doubling, by default; fewer and faster in tests). */
  jobRetry?: { limit: number; delaySeconds: number };
};

/** The image model, its check and moderation: OpenAI when configured, the offline composer otherwise. */
function imageServices(config: Config, logger: Logger) {
  const openai = config.images.openai;
  if (config.images.provider === 'openai' && openai) {
    const common = { apiKey: openai.apiKey, baseURL: openai.baseURL, logger };
    return {
      imageProvider: createOpenAIProvider({
        ...common,
        model: openai.imageModel,
        timeoutMs: openai.timeoutMs,
        maxRetries: 1,
      }),
      imageCheck: createVisionCheck({ ...common, model: openai.visionModel }),
      moderation: createOpenAIModeration({
        ...common,
        model: openai.moderationModel,
        fallback: createBlocklistModeration(),
      }),
    };
  }
  return {
    imageProvider: createOfflineComposer(),
    imageCheck: createAnalysisCheck(),
    moderation: createBlocklistModeration(),
  };
}

export async function createRuntime(config: Config, overrides: RuntimeOverrides = {}): Promise<Runtime> {
  const logger = overrides.logger ?? createLogger(config.log);
  const database =
    overrides.database ??
    (await openDatabase(
      config.database.kind === 'postgres'
        ? { kind: 'postgres', url: config.database.url }
        : { kind: 'pglite', dir: config.database.dir },
    ));
  try {
    if (config.migrateOnStart) await runMigrations(database);
    const db = database.db;
    const mailer = createMailer({ db, logger, smtpUrl: config.mail.smtpUrl, from: config.mail.from });
    const auth = createAuth({ config, db, secret: resolveAuthSecret(config), mailer, logger });
    const rateLimiter = createRateLimiter({ db, enabled: config.rateLimit });
    const storage = overrides.storage ?? createStorage(config.storage);
    const defaults = imageServices(config, logger);
    const imageProvider = overrides.imageProvider ?? defaults.imageProvider;
    const imageCheck = overrides.imageCheck ?? defaults.imageCheck;
    const moderation = overrides.moderation ?? defaults.moderation;
    const events = createGenerationEvents();
    const thumbnails = createThumbnailQueue({ db, storage, logger });
    // The first jobs would otherwise all wait for the background-removal thread to load.
    if (config.workers > 0 && imageProvider.opaqueOutput) warmPixelWorker();
    const pipeline = {
      db,
      storage,
      provider: imageProvider,
      imageCheck,
      events,
      logger,
      validationPauseMs: overrides.validationPauseMs ?? VALIDATION_PAUSE_MS,
      // Off the event loop: a worker process runs many jobs at once.
      removeBackground: removeBackgroundOffThread,
      thumbnails,
      // Several beats per stale period, so one slow write never looks like a dead job.
      heartbeatMs: Math.min(30_000, Math.floor(config.jobs.staleAfterMs / 4)),
    };
    const jobs =
      config.jobs.queue === 'pg-boss' && config.database.kind === 'postgres'
        ? await createPgBossRunner({
            url: config.database.url,
            concurrency: config.workers,
            run: (id, opts) => runGeneration(pipeline, id, opts),
            logger,
            retryLimit: overrides.jobRetry?.limit,
            retryDelaySeconds: overrides.jobRetry?.delaySeconds,
          })
        : createInProcessRunner({
            concurrency: config.workers,
            run: (id) => runGeneration(pipeline, id),
            logger,
          });
    const deps: Deps = {
      config,
      logger,
      database,
      auth,
      mailer,
      rateLimiter,
      storage,
      imageProvider,
      imageCheck,
      moderation,
      events,
      jobs,
      thumbnails,
      payments: overrides.payments ?? createPayments(config),
      webDir: path.resolve(overrides.webDir ?? config.webDir ?? DEFAULT_WEB_DIR),
      version: VERSION,
    };
    const app = createApp(deps);

    let sweeper: NodeJS.Timeout | undefined;
    if (overrides.background !== false && config.workers > 0) {
      // Crash recovery: fail and refund jobs a dead process left behind, and resume queued ones.
      const sweep = () =>
        Promise.all([
          sweepStuckGenerations({ db, events, logger }, new Date(), config.jobs.staleAfterMs).catch((err) =>
            logger.error({ err }, 'sweeper failed'),
          ),
          // Files the store refused to delete earlier, retried with back-off until it confirms.
          retryDueDeletions({ db, storage, logger }).catch((err) =>
            logger.error({ err }, 'storage: deletion retry sweep failed'),
          ),
          purgeOldMail(db).catch((err) => logger.error({ err }, 'mail: outbox purge failed')),
        ]);
      await sweep();
      // pg-boss keeps its own queue across restarts; the in-process runner starts empty.
      if (config.jobs.queue === 'in-process')
        for (const id of await queuedGenerationIds(db)) jobs.enqueue(id);
      sweeper = setInterval(sweep, config.jobs.sweepIntervalMs);
      sweeper.unref();
    }
    return {
      deps,
      app,
      async close() {
        clearInterval(sweeper);
        await jobs.stop();
        await thumbnails.drain();
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
