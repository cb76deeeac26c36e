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
import { databaseProbe, type HealthCheck, queueProbe, storageProbe } from './health/checks';
import { createThumbnailQueue, type ThumbnailQueue } from './images/thumbnails';
import { removeBackgroundOffThread, warmPixelWorker } from './images/variants';
import { createPgBossRunner } from './jobs/pg-boss';
import { createInProcessRunner, type JobRunner } from './jobs/runner';
import { createLogger, type Logger } from './logger';
import { createMailer, type Mailer } from './mail/mailer';
import { purgeOldMail } from './mail/retention';
import { createRateLimiter, type RateLimiter } from './platform/rate-limit';
import { createStorage } from './storage';
import { createDeletions, type Deletions } from './storage/deletions';
import type { Storage } from './storage/storage';
import { VERSION } from './version';

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
    const events = createGenerationEvents();
    const deletions = createDeletions({ db, storage, logger });
    const thumbnails = createThumbnailQueue({ db, storage, deletions, logger });
    // The first jobs would otherwise all wait for the background-removal thread to load.
    if (config.workers > 0 && imageProvider.opaqueOutput) warmPixelWorker();
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
    // Probes do a real round trip on /api/ready; statuses (cheap, in memory) show on both routes.
    const healthChecks: HealthCheck[] = [
      databaseProbe(database),
      storageProbe(storage),
      queueProbe(jobs),
      mailer.healthCheck,
      deletions.healthCheck,
    ];
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
      payments: overrides.payments ?? createPayments(config),
      healthChecks,
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
    if (overrides.background !== false && config.workers > 0) {
      // Crash recovery: fail and refund jobs a dead process left behind, and resume queued ones.
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
        clearInterval(mailRetry);
        clearInterval(deletionStatus);
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
