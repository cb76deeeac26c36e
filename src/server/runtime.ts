// Builds every dependency from the config: the one place that picks adapters.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { type Auth, createAuth } from './auth/auth';
import { type Config, resolveAuthSecret } from './config';
import { type DatabaseHandle, openDatabase, runMigrations } from './db/client';
import { createLogger, type Logger } from './logger';
import { createMailer, type Mailer } from './mail/mailer';
import { createRateLimiter, type RateLimiter } from './platform/rate-limit';
import { createLocalStorage } from './storage/local';
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
};

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
    await runMigrations(database);
    const db = database.db;
    const mailer = createMailer({ db, logger, smtpUrl: config.mail.smtpUrl, from: config.mail.from });
    const auth = createAuth({ config, db, secret: resolveAuthSecret(config), mailer, logger });
    const rateLimiter = createRateLimiter({ db, enabled: config.rateLimit });
    const storage =
      overrides.storage ??
      createLocalStorage(config.storage.kind === 'local' ? config.storage.dir : config.dataDir);
    const deps: Deps = {
      config,
      logger,
      database,
      auth,
      mailer,
      rateLimiter,
      storage,
      webDir: path.resolve(overrides.webDir ?? DEFAULT_WEB_DIR),
      version: VERSION,
    };
    const app = createApp(deps);
    return {
      deps,
      app,
      async close() {
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
