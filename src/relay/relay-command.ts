import pino from 'pino';
import { loggerOptions } from '../core/observability/logging';
import { Forwarder } from './forwarder';
import { RelayEnvironment } from './relay-environment';
import { RelayMetrics } from './relay-metrics';
import { RelayServer } from './relay-server';
import { Spool } from './spool/spool';
import { StoreClient } from './store-client';

/** Grace on top of RELAY_SHUTDOWN_TIMEOUT_MS for closing files before the process exits anyway. */
const EXIT_GRACE_MS = 5000;

export interface RunningRelay {
  url: string;
  server: RelayServer;
  forwarder: Forwarder;
  spool: Spool;
  metrics: RelayMetrics;
  /** Stops accepting, forwards what it can within RELAY_SHUTDOWN_TIMEOUT_MS, closes the spool. */
  stop(): Promise<void>;
}

/**
 * Starts the relay: reads back the spool a previous process left, starts forwarding it, and
 * listens. Used by `metadata-store relay` and, in-process, by tests.
 */
export async function startRelay(env: RelayEnvironment, baseLog = pino(loggerOptions(env))): Promise<RunningRelay> {
  const startedAt = performance.now();
  const log = baseLog.child({ context: 'relay' });
  let forwarder: Forwarder | null = null;
  let spoolRef: Spool | null = null;
  const metrics = new RelayMetrics(() => ({
    depth: forwarder?.depth ?? 0,
    diskBytes: spoolRef?.diskBytes ?? 0,
    maxBytes: env.RELAY_SPOOL_MAX_BYTES,
    oldestReceivedAt: forwarder?.oldestReceivedAt ?? null,
  }));
  const { spool, recovered } = await Spool.open(
    { dir: env.RELAY_SPOOL_DIR, maxBytes: env.RELAY_SPOOL_MAX_BYTES, segmentBytes: env.RELAY_SEGMENT_BYTES, onSync: (s) => metrics.fsyncSeconds.observe(s) },
    log,
  );
  spoolRef = spool;
  const client = new StoreClient(env.RELAY_TARGET_URL, env.RELAY_FORWARD_TIMEOUT_MS);
  forwarder = new Forwarder(
    spool,
    client,
    { maxBatchEvents: env.RELAY_BATCH_MAX_EVENTS, maxBatchBytes: env.RELAY_BATCH_MAX_BYTES, retryMinMs: env.RELAY_RETRY_MIN_MS, retryMaxMs: env.RELAY_RETRY_MAX_MS },
    metrics,
    log,
  );
  forwarder.add(recovered);
  forwarder.start();
  const server = new RelayServer({ env, spool, forwarder, metrics, log, httpLog: baseLog });
  const url = await server.listen();
  log.info(
    { url, target: client.batchUrl, spoolDir: env.RELAY_SPOOL_DIR, recoveredEvents: recovered.length, spoolBytes: spool.diskBytes, startupMs: Math.round(performance.now() - startedAt) },
    'relay listening',
  );
  const running: RunningRelay = {
    url,
    server,
    forwarder,
    spool,
    metrics,
    async stop() {
      try {
        await server.close();
        await forwarder!.stop(env.RELAY_SHUTDOWN_TIMEOUT_MS);
        await spool.close();
      } finally {
        metrics.stopDefaultMetrics();
      }
      log.info({ leftInSpool: forwarder!.depth }, forwarder!.depth === 0 ? 'relay stopped; the spool is empty' : 'relay stopped; the events left stay in the spool for the next start');
    },
  };
  return running;
}

/** `metadata-store relay`: runs until SIGTERM or SIGINT, then drains within RELAY_SHUTDOWN_TIMEOUT_MS and exits 0. */
export async function relayCommand(env: RelayEnvironment): Promise<void> {
  const relay = await startRelay(env);
  const shutdown = (signal: NodeJS.Signals) => {
    process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'info', context: 'relay', msg: `relay: ${signal}, shutting down` })}\n`);
    setTimeout(() => {
      process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'error', context: 'relay', msg: 'relay: shutdown deadline passed; exiting' })}\n`);
      process.exit(1);
    }, env.RELAY_SHUTDOWN_TIMEOUT_MS + EXIT_GRACE_MS).unref();
    relay.stop().then(
      () => process.exit(0),
      (error: Error) => {
        process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'error', context: 'relay', msg: `relay: shutdown failed: ${error.message}` })}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
