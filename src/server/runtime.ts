// Builds every dependency from the config: the one place that picks adapters.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VALIDATION_PAUSE_MS } from '../core/constants';
import { removeBackgroundOffThread, warmPixelWorker } from '../imaging';
import { createApp } from './app';
import { createAuth, VERIFY_EMAIL_HOURS } from './auth/auth';
import { deleteUnconfirmedAccounts } from './auth/unconfirmed';
import { createPayments, logPaymentsMode, type Payments } from './billing/payments';
import { type Config, resolveAuthSecret } from './config';
import { type DatabaseHandle, openDatabase, runMigrations } from './db/client';
import type { Deps } from './deps';
import { createGalleryCache } from './gallery/first-page-cache';
import { createAnalysisCheck } from './generation/checks/analysis';
import { createVisionCheck } from './generation/checks/vision';
import { createGenerationEvents, createPostgresGenerationEvents } from './generation/events';
import { createBlocklistModeration } from './generation/moderation/blocklist';
import { moderationsInTurn } from './generation/moderation/in-turn';
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
  settleUnqueuedGenerations,
  sweepStuckGenerations,
} from './generation/service';
import { type CheckReport, databaseProbe, type HealthCheck, queueProbe, storageProbe } from './health/checks';
import { createDownloads } from './image-files/download';
import { createThumbnailQueue } from './image-files/thumbnails';
import { createPgBossRunner, GENERATION_QUEUE, PGBOSS_SCHEMA } from './jobs/pg-boss';
import { createInProcessRunner } from './jobs/runner';
import { createLogger, type Logger } from './logger';
import { createMailer } from './mail/mailer';
import { purgeOldMail } from './mail/retention';
import { checkDataDir, usesDataDir } from './platform/data-dir';
import { createRateLimiter } from './platform/rate-limit';
import { createOfflineSuggester } from './prompts/offline';
import { createOpenAISuggester } from './prompts/openai';
import type { PromptSuggester } from './prompts/ports';
import { createStorage } from './storage';
import { createDeletions } from './storage/deletions';
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
  /** Suggest's provider (the offline composer's words, or OpenAI when images use it). */
  promptSuggester?: PromptSuggester;
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
 * The image model, its check, moderation and Suggest's model: OpenAI when configured, the offline
 * composer otherwise. With OpenAI, the watch of the configured models' life cycle and the health
 * statuses.
 */
function imageServices(
  config: Config,
  logger: Logger,
): {
  imageProvider: ImageProvider & { status?: () => CheckReport };
  imageCheck: ImageCheck & { status?: () => CheckReport };
  moderation: Moderation;
  promptSuggester: PromptSuggester;
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
          { use: 'suggest', id: openai.suggestModel },
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
        // A rate limit is waited out as OpenAI asks, inside the same attempt and the job's deadline,
        // instead of spending one of the three attempts on the queue's 2 s / 4 s back-off.
        rateLimitWaits: 10,
      }),
      imageCheck: createVisionCheck({ ...common, model: openai.visionModel }),
      // OpenAI's model first; the word lists always behind it, so what they decline is declined
      // on every provider (and still when the moderation service is down: it fails open).
      moderation: moderationsInTurn([
        createOpenAIModeration({ ...common, model: openai.moderationModel }),
        createBlocklistModeration(),
      ]),
      // Suggestions an OpenAI image model draws; on any failure the service gives the offline ones.
      promptSuggester: createOpenAISuggester({ ...common, model: openai.suggestModel }),
    };
  }
  return {
    imageProvider: createOfflineComposer(),
    imageCheck: createAnalysisCheck(),
    moderation: createBlocklistModeration(),
    // Only what the composer draws, since the composer draws the pictures.
    promptSuggester: createOfflineSuggester(),
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
    });
    const auth = createAuth({ config, db, secret: resolveAuthSecret(config), mailer, logger });
    const rateLimiter = createRateLimiter({ db, enabled: config.rateLimit });
    const storage = overrides.storage ?? createStorage(config.storage);
    const defaults = imageServices(config, logger);
    const imageProvider = overrides.imageProvider ?? defaults.imageProvider;
    const imageCheck = overrides.imageCheck ?? defaults.imageCheck;
    const moderation = overrides.moderation ?? defaults.moderation;
    const promptSuggester = overrides.promptSuggester ?? defaults.promptSuggester;
    // On PostgreSQL a job may run in another process than the stream that follows it.
    const events = database.pool
      ? await createPostgresGenerationEvents({ url: database.pool.options.connectionString!, logger })
      : createGenerationEvents();
    const deletions = createDeletions({ db, storage, logger });
    const thumbnails = createThumbnailQueue({ db, storage, deletions, logger });
    const downloads = createDownloads({
      db,
      storage,
      rateLimiter,
      logger,
      concurrency: config.variants.renderConcurrency,
      maxWaiting: config.variants.renderQueue,
      cacheBytes: config.variants.cacheBytes,
    });
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
      ...(mailer.loginCheck ? [mailer.loginCheck] : []),
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
    const providerStatus =
      imageProvider === defaults.imageProvider ? defaults.imageProvider.status : undefined;
    if (providerStatus) healthChecks.push({ name: 'imageProvider', kind: 'status', run: providerStatus });
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
      promptSuggester,
      events,
      jobs,
      thumbnails,
      downloads,
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
    // Every process that runs jobs sweeps, on either runner. Several at once are safe: deletions
    // are claimed row by row (FOR UPDATE SKIP LOCKED), a job is failed and refunded by a
    // conditional update only one process wins, and the mail purge deletes by age.
    if (overrides.background !== false && config.workers > 0) {
      const deps = { db, events, logger };
      const sweep = () =>
        Promise.all([
          // In-process: fail and refund running jobs a dead process left behind (heartbeat silent).
          // pg-boss brings back a stopped worker's jobs itself (expiry); what it no longer holds
          // (retention passed, retries ran out) is failed and refunded instead.
          (usePgBoss
            ? settleUnqueuedGenerations(deps, { schema: PGBOSS_SCHEMA, queue: GENERATION_QUEUE })
            : sweepStuckGenerations(deps, new Date(), config.jobs.staleAfterMs)
          ).catch((err) => logger.error({ err }, 'sweeper failed')),
          // Files the store refused to delete earlier, retried with back-off until it confirms.
          deletions.retryDue().catch((err) => logger.error({ err }, 'storage: deletion retry sweep failed')),
          purgeOldMail(db).catch((err) => logger.error({ err }, 'mail: outbox purge failed')),
          // Sign-ups nobody confirmed: the address stays free for its owner.
          deleteUnconfirmedAccounts(db, { linkHours: VERIFY_EMAIL_HOURS }).catch((err) =>
            logger.error({ err }, 'auth: unconfirmed account sweep failed'),
          ),
        ]);
      await sweep();
      // The in-process runner starts empty: it resumes the queued jobs; pg-boss keeps its queue.
      if (!usePgBoss) for (const job of await queuedGenerations(db)) jobs.enqueue(job);
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
