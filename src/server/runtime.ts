// Builds every dependency from the config: the one place that picks adapters.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VALIDATION_PAUSE_MS } from '../core/constants';
import { createApp } from './app';
import { type Auth, createAuth } from './auth/auth';
import { createPayments, logPaymentsMode, type Payments } from './billing/payments';
import { type Config, resolveAuthSecret } from './config';
import { type DatabaseHandle, openDatabase, runMigrations } from './db/client';
import { createAnalysisCheck } from './generation/checks/analysis';
import { createVisionCheck } from './generation/checks/vision';
import {
  createGenerationEvents,
  createPostgresGenerationEvents,
  type GenerationEvents,
} from './generation/events';
import { createBlocklistModeration } from './generation/moderation/blocklist';
import { createOpenAIModeration } from './generation/moderation/openai';
import { runGeneration } from './generation/pipeline';
import type { ImageCheck, ImageProvider, Moderation } from './generation/ports';
import { createModelWatch, type ModelWatch } from './generation/providers/model-watch';
import {
  createOfflineComposer,
  OFFLINE_PROVIDER_NAME,
  warmOfflineComposer,
} from './generation/providers/offline';
import { createOpenAIClient, createOpenAIProvider } from './generation/providers/openai';
import {
  failGeneration,
  queuedGenerations,
  STUCK_MESSAGE,
  sweepStuckGenerations,
} from './generation/service';
import { type CheckReport, databaseProbe, type HealthCheck, queueProbe, storageProbe } from './health/checks';
import { createGalleryCache, type GalleryCache } from './images/first-page-cache';
import { createThumbnailQueue, type ThumbnailQueue } from './images/thumbnails';
import { removeBackgroundOffThread, warmPixelWorker } from './images/variants';
import { createPgBossRunner } from './jobs/pg-boss';
import { createInProcessRunner, type JobRunner } from './jobs/runner';
import { createLogger, type Logger } from './logger';
import { createMailer, type Mailer } from './mail/mailer';
import { purgeOldMail } from './mail/retention';
import { checkDataDir, usesDataDir } from './platform/data-dir';
import { createRateLimiter, type RateLimiter } from './platform/rate-limit';
import { createStorage } from './storage';
import { createDeletions, type Deletions } from './storage/deletions';
import type { Storage } from './storage/storage';
import { VERSION } from './version';

/**
 * pg-boss takes a job back from a stopped worker a little after the job's deadline (so never from
 * a live run), and looks for such jobs several times per deadline: 15 s and every second for a
 * 10 s deadline, 11 minutes and every minute for the default 10 minutes.
 */
export function queueExpiry(jobTimeoutMs: number) {
  const deadline = Math.ceil(jobTimeoutMs / 1000);
  return {
    expireInSeconds: deadline + Math.min(60, Math.ceil(deadline / 2)),
    maintenanceIntervalSeconds: Math.min(60, Math.max(1, Math.floor(deadline / 10))),
  };
}

/** How often each process looks for outbox e-mails due for another try. */
const MAIL_RETRY_INTERVAL_MS = 30_000;

export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../dist/web', import.meta.url));

export type Deps = {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  auth: Auth;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  storage: Storage;
  /** Every removal of files goes through here (pending deletions, retried until confirmed). */
  deletions: Deletions;
  imageProvider: ImageProvider;
  imageCheck: ImageCheck;
  moderation: Moderation;
  events: GenerationEvents;
  jobs: JobRunner;
  thumbnails: ThumbnailQueue;
  payments: Payments;
  /** The public gallery's first page, shared by requests for a moment (images/first-page-cache.ts). */
  galleryCache: GalleryCache;
  /** What /api/health and /api/ready report: a feature adds its own named check here. */
  healthChecks: HealthCheck[];
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
  /** Queue retries of a transient failure (3 after 2 s, doubling, by default; fewer and faster in tests). */
  jobRetry?: { limit: number; delaySeconds: number };
  /** pg-boss: how soon a job whose worker stopped comes back, and how often that is looked for (tests). */
  jobExpiry?: { expireInSeconds: number; maintenanceIntervalSeconds: number };
  /** One generation's deadline (JOB_TIMEOUT_SECONDS by default; shorter in tests). */
  jobTimeoutMs?: number;
  /** The clock the gallery's shared first page ages by (tests move it instead of waiting). */
  galleryClock?: () => number;
};

/**
 * The image model, its check and moderation: OpenAI when configured, the offline composer
 * otherwise. With OpenAI, the watch of the configured models' life cycle and the health statuses.
 */
function imageServices(
  config: Config,
  logger: Logger,
): {
  imageProvider: ImageProvider;
  imageCheck: ImageCheck & { status?: () => CheckReport };
  moderation: Moderation;
  modelWatch?: ModelWatch;
} {
  const openai = config.images.openai;
  if (config.images.provider === 'openai' && openai) {
    const common = { apiKey: openai.apiKey, baseURL: openai.baseURL, logger };
    return {
      modelWatch: createModelWatch({
        client: createOpenAIClient({ ...common, timeoutMs: 15_000, maxRetries: 1 }),
        models: [
          { use: 'image', id: openai.imageModel },
          { use: 'vision', id: openai.visionModel },
          { use: 'moderation', id: openai.moderationModel },
        ],
        isOpenAI: !openai.baseURL || new URL(openai.baseURL).hostname === 'api.openai.com',
        logger,
      }),
      imageProvider: createOpenAIProvider({
        ...common,
        model: openai.imageModel,
        timeoutMs: openai.timeoutMs,
        // Every image call is an attempt the person sees; the pipeline and the queue make the retries.
        maxRetries: 0,
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
  if (usesDataDir(config)) checkDataDir(config.dataDir);
  const logger = overrides.logger ?? createLogger(config.log);
  const database =
    overrides.database ??
    (await openDatabase(
      config.database.kind === 'postgres'
        ? { kind: 'postgres', url: config.database.url, max: config.database.poolSize }
        : { kind: 'pglite', dir: config.database.dir },
    ));
  try {
    if (config.migrateOnStart) await runMigrations(database);
    const db = database.db;
    const mailer = createMailer({
      db,
      logger,
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      isProduction: config.isProduction,
    });
    if (config.isProduction && !config.mail.smtpUrl)
      logger.warn(
        'SMTP_URL is not set: sign-up confirmations and password resets stay in the outbox and reach nobody',
      );
    const auth = createAuth({ config, db, secret: resolveAuthSecret(config), mailer, logger });
    const rateLimiter = createRateLimiter({ db, enabled: config.rateLimit });
    const storage = overrides.storage ?? createStorage(config.storage);
    const defaults = imageServices(config, logger);
    const imageProvider = overrides.imageProvider ?? defaults.imageProvider;
    const imageCheck = overrides.imageCheck ?? defaults.imageCheck;
    const moderation = overrides.moderation ?? defaults.moderation;
    // On PostgreSQL a job may run in another process than the stream that follows it.
    const events = database.pool
      ? await createPostgresGenerationEvents({ url: database.pool.options.connectionString!, logger })
      : createGenerationEvents();
    const deletions = createDeletions({ db, storage, logger });
    const thumbnails = createThumbnailQueue({ db, storage, deletions, logger });
    // The first jobs would otherwise all wait for the background-removal thread to load.
    if (config.workers > 0 && imageProvider.opaqueOutput) warmPixelWorker();
    // The composer reads its word and art index now: a missing one (no `npm run build`) stops
    // start-up with a message saying so, and the first picture does not wait for it.
    if (config.workers > 0 && imageProvider.name === OFFLINE_PROVIDER_NAME) {
      logger.info({ ms: Math.round(warmOfflineComposer()) }, 'composer index loaded');
    }
    const usePgBoss = config.jobs.queue === 'pg-boss' && config.database.kind === 'postgres';
    const jobTimeoutMs = overrides.jobTimeoutMs ?? config.jobs.timeoutMs;
    const pipeline = {
      db,
      storage,
      deletions,
      provider: imageProvider,
      imageCheck,
      events,
      logger,
      validationPauseMs: overrides.validationPauseMs ?? VALIDATION_PAUSE_MS,
      // Off the event loop: a worker process runs many jobs at once.
      removeBackground: removeBackgroundOffThread,
      thumbnails,
      // In-process runner only: several beats per stale period, so one slow write never looks like
      // a dead job. pg-boss brings back a stopped worker's job through its own expiry instead.
      heartbeatMs: usePgBoss ? undefined : Math.min(30_000, Math.floor(config.jobs.staleAfterMs / 4)),
      jobTimeoutMs,
    };
    const jobs =
      usePgBoss && config.database.kind === 'postgres'
        ? await createPgBossRunner({
            url: config.database.url,
            concurrency: config.workers,
            // pg-boss hands a job out again only after its worker stopped: take it over.
            run: (id, opts) => runGeneration(pipeline, id, { ...opts, takeOver: true }),
            onDeadLetter: async (id) => {
              if (await failGeneration(pipeline, { id, message: STUCK_MESSAGE }))
                logger.warn({ generationId: id }, 'failed and refunded a job whose retries ran out');
            },
            logger,
            retryLimit: overrides.jobRetry?.limit,
            retryDelaySeconds: overrides.jobRetry?.delaySeconds,
            ...(overrides.jobExpiry ?? queueExpiry(jobTimeoutMs)),
          })
        : createInProcessRunner({
            concurrency: config.workers,
            run: (id, opts) => runGeneration(pipeline, id, opts),
            logger,
            retryLimit: overrides.jobRetry?.limit,
            retryDelayMs: overrides.jobRetry ? overrides.jobRetry.delaySeconds * 1000 : undefined,
          });
    // Probes do a real round trip on /api/ready; statuses (cheap, in memory) show on both routes.
    const healthChecks: HealthCheck[] = [
      databaseProbe(database),
      storageProbe(storage),
      queueProbe(jobs),
      // In memory, so /api/health shows it too; critical: a runner that cannot get jobs is not ready.
      { name: 'jobRunner', kind: 'status', critical: true, run: () => jobs.status() },
      mailer.healthCheck,
      deletions.healthCheck,
    ];
    const { modelWatch } = defaults;
    if (modelWatch) {
      healthChecks.push({ name: 'openaiModels', kind: 'status', run: () => modelWatch.status() });
      // Asks in the background: start-up does not wait on OpenAI; the answer is logged and shown.
      void modelWatch.start();
    }
    const checkStatus = imageCheck === defaults.imageCheck ? defaults.imageCheck.status : undefined;
    if (checkStatus) healthChecks.push({ name: 'imageCheck', kind: 'status', run: checkStatus });
    const galleryCache = await createGalleryCache({
      postgresUrl: database.pool?.options.connectionString,
      logger,
      now: overrides.galleryClock,
    });
    const payments = overrides.payments ?? createPayments(config);
    logPaymentsMode({ config, payments, logger });
    const deps: Deps = {
      config,
      logger,
      database,
      auth,
      mailer,
      rateLimiter,
      storage,
      deletions,
      imageProvider,
      imageCheck,
      moderation,
      events,
      jobs,
      thumbnails,
      payments,
      healthChecks,
      galleryCache,
      webDir: path.resolve(overrides.webDir ?? config.webDir ?? DEFAULT_WEB_DIR),
      version: VERSION,
    };
    const app = createApp(deps);

    let mailRetry: NodeJS.Timeout | undefined;
    if (overrides.background !== false) {
      // Failed SMTP sends are tried again from the outbox; every process may, claims keep it once.
      const retryMail = () =>
        mailer
          .retryDue()
          .then(() => mailer.refreshStatus())
          .catch((err) => logger.error({ err }, 'mail retry failed'));
      await mailer.refreshStatus().catch((err) => logger.error({ err }, 'mail status failed'));
      mailRetry = setInterval(retryMail, MAIL_RETRY_INTERVAL_MS);
      mailRetry.unref();
    }

    // Every process shows the deletion backlog in its health answer; only workers sweep it.
    let deletionStatus: NodeJS.Timeout | undefined;
    await deletions.refreshStatus().catch((err) => logger.error({ err }, 'storage: deletion status failed'));
    if (overrides.background !== false) {
      deletionStatus = setInterval(
        () =>
          void deletions
            .refreshStatus()
            .catch((err) => logger.warn({ err }, 'storage: deletion status failed')),
        config.jobs.sweepIntervalMs,
      );
      deletionStatus.unref();
    }

    let sweeper: NodeJS.Timeout | undefined;
    // pg-boss keeps its own queue across restarts and brings back a stopped worker's jobs.
    if (overrides.background !== false && config.workers > 0 && !usePgBoss) {
      // Crash recovery: fail and refund running jobs a dead process left behind, and resume
      // queued ones (the in-process runner starts empty).
      const sweep = () =>
        Promise.all([
          sweepStuckGenerations({ db, events, logger }, new Date(), config.jobs.staleAfterMs).catch((err) =>
            logger.error({ err }, 'sweeper failed'),
          ),
          // Files the store refused to delete earlier, retried with back-off until it confirms.
          deletions.retryDue().catch((err) => logger.error({ err }, 'storage: deletion retry sweep failed')),
          purgeOldMail(db).catch((err) => logger.error({ err }, 'mail: outbox purge failed')),
        ]);
      await sweep();
      for (const job of await queuedGenerations(db)) jobs.enqueue(job);
      sweeper = setInterval(sweep, config.jobs.sweepIntervalMs);
      sweeper.unref();
    }
    return {
      deps,
      app,
      async close() {
        clearInterval(sweeper);
        modelWatch?.stop();
        clearInterval(mailRetry);
        clearInterval(deletionStatus);
        await jobs.stop();
        await thumbnails.stop();
        await galleryCache.stop();
        await events.stop();
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
