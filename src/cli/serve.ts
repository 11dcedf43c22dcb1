import { Logger } from 'nestjs-pino';
import { Environment } from '../config/environment';
import { ShutdownState } from '../health/shutdown-state.service';
import { createApp } from '../http/create-app';
import { createDataSource, pendingMigrations } from '../storage/data-source';
import { EmbeddedDatabase, startEmbeddedPostgres } from '../storage/embedded-postgres';
import { migrate } from './migrate';
import { CliLog } from './cli-log';

async function assertSchemaCurrent(databaseUrl: string): Promise<void> {
  const dataSource = createDataSource({ url: databaseUrl, poolSize: 1, connectTimeoutMs: 10000 });
  await dataSource.initialize();
  try {
    const pending = await pendingMigrations(dataSource);
    if (pending.length > 0) {
      throw new Error(
        `the database schema is behind: ${pending.length} pending migration(s) (${pending.join(', ')}); run \`metadata-store migrate\` first`,
      );
    }
  } finally {
    await dataSource.destroy();
  }
}

/**
 * `serve`: with DATABASE_URL, refuse to start on a schema that is behind; without it, start an
 * embedded PostgreSQL, migrate it and serve. SIGTERM/SIGINT drain gracefully (see README).
 */
export async function serve(env: Environment, log: CliLog): Promise<void> {
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(env.EMBEDDED_POSTGRES_DIR, env.EMBEDDED_POSTGRES_PORT, log.warn);
    databaseUrl = embedded.url;
    const applied = await migrate(databaseUrl);
    log.info(`embedded PostgreSQL on port ${env.EMBEDDED_POSTGRES_PORT}, data in ${env.EMBEDDED_POSTGRES_DIR}; applied ${applied.length} migration(s)`);
  }
  try {
    await assertSchemaCurrent(databaseUrl);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }

  const app = await createApp(env, databaseUrl);
  const logger = app.get(Logger);
  const shutdownState = app.get(ShutdownState);
  await app.listen({ port: env.PORT, host: env.HOST });
  logger.log({ port: env.PORT, mode: env.INGEST_MODE }, `metadata store listening on ${await app.getUrl()}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    shutdownState.begin();
    logger.log({ signal, delayMs: env.SHUTDOWN_DELAY_MS }, 'shutdown: readiness is now 503; waiting before closing the listener');
    await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DELAY_MS));
    const deadline = setTimeout(() => {
      logger.error({ timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, 'shutdown: timed out; exiting');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    await app.close();
    await embedded?.stop();
    logger.log({ durationMs: Date.now() - started }, 'shutdown: complete');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
