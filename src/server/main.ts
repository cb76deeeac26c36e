// Process entry: config → runtime → listen, and a graceful stop on SIGTERM/SIGINT.
import { serve } from '@hono/node-server';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnavailableError } from './db/client';
import { createRuntime } from './runtime';

// Node closes an idle keep-alive connection after 5 s. A client (a proxy, a browser, a test's
// request context) that sends on it just then gets ECONNRESET. Load balancers keep idle
// connections for 60 s, so the server holds them longer and is never the side that closes first.
const KEEP_ALIVE_MS = 65_000;

async function main() {
  const config = loadConfig();
  const runtime = await createRuntime(config);
  const { logger } = runtime.deps;

  const server = serve({ fetch: runtime.app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(
      { port: info.port, database: runtime.deps.database.kind, dataDir: config.dataDir },
      `Clipsmith is running at ${config.publicUrl}`,
    );
  });
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.warn('in-flight requests did not finish in time; closing their connections');
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    force.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    });
    clearTimeout(force);
    await runtime.close();
    logger.info('stopped');
    logger.flush?.();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  // Start-up failures a person can fix get one clear line and no stack trace.
  if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) {
    process.stderr.write(`Clipsmith cannot start: ${error.message}\n`);
  } else if ((error as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
    process.stderr.write(
      `Clipsmith cannot start: port ${(error as { port?: number }).port ?? ''} is already in use. Set PORT to another port.\n`,
    );
  } else {
    process.stderr.write(`Clipsmith cannot start: ${(error as Error)?.stack ?? String(error)}\n`);
  }
  process.exit(1);
});
