// `npm run db:migrate`: applies the committed migrations once, e.g. before rolling out new processes.
import { ConfigError, loadConfig } from '../config';
import { DatabaseUnavailableError, openDatabase, runMigrations } from './client';

async function main() {
  const config = loadConfig();
  const handle = await openDatabase(
    config.database.kind === 'postgres'
      ? { kind: 'postgres', url: config.database.url, max: 1 }
      : { kind: 'pglite', dir: config.database.dir },
  );
  try {
    await runMigrations(handle);
    process.stdout.write(`Migrations applied (${handle.kind}).\n`);
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  const known = error instanceof ConfigError || error instanceof DatabaseUnavailableError;
  process.stderr.write(`Migration failed: ${known ? error.message : (error as Error).stack}\n`);
  process.exit(1);
});
