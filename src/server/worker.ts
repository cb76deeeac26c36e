// `npm run worker`: a generation worker with no HTTP, for running beside web processes started
// with WORKERS=0. Needs PostgreSQL: jobs reach it through the pg-boss queue.
import { ConfigError, loadConfig } from './config';
import { DatabaseUnavailableError } from './db/client';
import { createRuntime } from './runtime';

async function main() {
  const config = loadConfig();
  if (config.database.kind !== 'postgres' || config.jobs.queue !== 'pg-boss') {
    throw new ConfigError(
      'A separate worker needs DATABASE_URL (PostgreSQL): with the embedded database, `npm start` runs the jobs itself.',
    );
  }
  if (config.workers === 0) throw new ConfigError('WORKERS must be at least 1 for a worker process');
  const runtime = await createRuntime(config);
  const { logger } = runtime.deps;
  logger.info({ workers: config.workers }, 'generation worker started');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker stopping: finishing running jobs');
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) {
    process.stderr.write(`Clipsmith worker cannot start: ${error.message}\n`);
  } else {
    process.stderr.write(`Clipsmith worker cannot start: ${(error as Error)?.stack ?? String(error)}\n`);
  }
  process.exit(1);
});
