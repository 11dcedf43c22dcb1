import { Logger } from '@nestjs/common';
import type { Server } from 'node:net';
import { Environment, normalizeBasePath } from '../core/config/environment';
import { ShutdownState } from '../core/shutdown-state.service';
import { AsyncIngestQueue } from '../ingest/async-queue.service';
import { createApp } from '../create-app';
import { initialTlsPair } from '../core/http/tls';
import { shutdownTracing } from '../core/observability/tracing';
import { createDataSource, DatabaseTarget, pendingMigrations } from '../database/data-source';
import { migrate } from './migrate';
import { CliLog } from './cli-log';
import { commandDatabase } from './command-database';
import { serviceUrls } from './service-urls';

async function assertSchemaCurrent(database: DatabaseTarget): Promise<void> {
  const dataSource = createDataSource({ ...database, poolSize: 1, connectTimeoutMs: 10000 });
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

/** Bound on flushing buffered spans at the very end of a shutdown. */
const TRACE_FLUSH_TIMEOUT_MS = 3000;

/**
 * `serve`: with DATABASE_URL, refuse to start on a schema that is behind; without it, start an
 * embedded PostgreSQL (in its own process group, so that Ctrl-C reaches only the store), migrate
 * it and serve. The embedded PostgreSQL stops after the drain; if it dies first, the store exits.
 *
 * SIGTERM or SIGINT drain gracefully:
 *  1. readiness answers 503 at once (load balancers stop routing here) and every response carries
 *     `Connection: close`; requests are still served;
 *  2. after SHUTDOWN_DELAY_MS the listener closes: no new connections, in-flight requests finish;
 *  3. Nest's shutdown hooks: the async ingest queue and the group committer are flushed to
 *     PostgreSQL, the projector thread finishes its batch and stops, the pools close; spans are flushed;
 *  4. exit 0. Steps 2-3 are bounded by SHUTDOWN_TIMEOUT_MS (exit 1 when exceeded).
 * A second SIGINT (Ctrl-C twice) exits at once with 130.
 */
export async function serve(env: Environment, log: CliLog): Promise<void> {
  // A bad certificate or key stops the service before anything starts (createApp reads them again).
  if (env.TLS_CERT_FILE && env.TLS_KEY_FILE) initialTlsPair(env.TLS_CERT_FILE, env.TLS_KEY_FILE);
  const database = await commandDatabase(env, 'serve', log.warn);
  const embedded = database.embedded;
  let app: Awaited<ReturnType<typeof createApp>>;
  try {
    if (embedded) {
      const applied = await migrate(database, env.LOG_PARTITION_INTERVAL);
      log.info(`embedded PostgreSQL on port ${env.EMBEDDED_POSTGRES_PORT}, data in ${env.EMBEDDED_POSTGRES_DIR}; applied ${applied.length} migration(s)`);
    }
    await assertSchemaCurrent(database);
    app = await createApp(env, database);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }

  const logger = new Logger('Serve');
  const shutdownState = app.get(ShutdownState);
  const asyncQueue = app.get(AsyncIngestQueue);
  // A crash is one JSON line too (Node would print a bare stack trace), then exit 1.
  const crash = (kind: string) => (error: unknown) => {
    logger.fatal({ err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) }, `${kind}; exiting`);
    process.exit(1);
  };
  process.on('uncaughtException', crash('uncaught exception'));
  process.on('unhandledRejection', crash('unhandled promise rejection'));
  embedded?.onUnexpectedExit((description) => {
    logger.fatal({ asyncQueueLost: asyncQueue.depth.events }, `the embedded PostgreSQL exited (${description}); the store cannot work without it; exiting`);
    process.exit(1);
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  const urls = serviceUrls(env);
  logger.log(
    { port: env.PORT, host: env.HOST, tls: Boolean(env.TLS_CERT_FILE), basePath: normalizeBasePath(env.BASE_PATH) || '/', mode: env.INGEST_MODE, ...urls },
    `metadata store listening on ${await app.getUrl()}: UI at ${urls.ui}, API docs at ${urls.apiDocs}`,
  );

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      if (signal === 'SIGINT') {
        logger.warn({ signal }, 'shutdown: second SIGINT; exiting without draining');
        process.exit(130);
      }
      return;
    }
    stopping = true;
    const started = Date.now();
    const since = () => Date.now() - started;
    shutdownState.begin();
    logger.log({ signal, delayMs: env.SHUTDOWN_DELAY_MS }, 'shutdown: readiness is now 503; still serving until the delay has passed');
    await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DELAY_MS));

    const deadline = setTimeout(() => {
      logger.error(
        { timeoutMs: env.SHUTDOWN_TIMEOUT_MS, elapsedMs: since(), asyncQueueLost: asyncQueue.depth.events },
        'shutdown: the drain did not finish within SHUTDOWN_TIMEOUT_MS; exiting',
      );
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    deadline.unref();

    let httpDrainedMs: number | null = null;
    const server = app.getHttpServer() as Server;
    // 'close' fires once the listener is closed and every connection has ended.
    server.once('close', () => (httpDrainedMs = since()));
    logger.log({ elapsedMs: since() }, 'shutdown: closing the listener; in-flight requests finish');
    try {
      await app.close();
    } catch (error) {
      logger.error({ err: (error as Error).message, elapsedMs: since() }, 'shutdown: closing the application failed; exiting');
      process.exit(1);
    }
    const appClosedMs = since();
    const closedAt = shutdownState.listenerClosedAt;
    const listenerClosedMs = closedAt ? closedAt.getTime() - started : null;
    await shutdownTracing(TRACE_FLUSH_TIMEOUT_MS);
    await embedded?.stop();
    clearTimeout(deadline);
    logger.log(
      {
        signal,
        timings: {
          listenerClosedMs,
          httpDrainedMs,
          appClosedMs,
          exitMs: since(),
        },
      },
      'shutdown: complete; every acknowledged event is in PostgreSQL',
    );
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
