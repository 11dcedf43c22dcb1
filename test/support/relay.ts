import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import pino from 'pino';
import { register } from 'prom-client';
import { loadRelayEnvironment } from '../../src/relay/relay-environment';
import { RunningRelay, startRelay } from '../../src/relay/relay-command';
import { get } from './http';
import { InProcessApp, startInProcessApp } from './in-process-app';
import { query } from './database';

/** Short backoff so that tests see retries within seconds. */
export const FAST_RETRIES = { RELAY_RETRY_MIN_MS: '20', RELAY_RETRY_MAX_MS: '200' };

export interface TestRelay extends RunningRelay {
  spoolDir: string;
}

/** The relay in this process, on a fresh spool folder (unless one is given), on a free port. */
export async function startTestRelay(settings: Record<string, string>): Promise<TestRelay> {
  const spoolDir = settings.RELAY_SPOOL_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'relay-spool-'));
  const env = loadRelayEnvironment({ RELAY_PORT: '0', LOG_LEVEL: 'silent', ...FAST_RETRIES, ...settings, RELAY_SPOOL_DIR: spoolDir });
  const relay = await startRelay(env, pino({ level: 'silent' }));
  return Object.assign(relay, { spoolDir });
}

export interface ListeningStore {
  store: InProcessApp;
  url: string;
  close(): Promise<void>;
}

/** The store in this process (see in-process-app.ts), listening on a real port (0: any free one), on a fresh database unless one is given. */
export async function startListeningStore(settings: Record<string, string> = {}, port = 0, databaseUrl?: string): Promise<ListeningStore> {
  register.clear(); // the store registers its default metrics once per process, in the global registry
  const store = await startInProcessApp({ LOG_LEVEL: 'error', ...settings }, databaseUrl);
  await store.app.listen(port, '127.0.0.1');
  const address = store.app.getHttpServer().address() as { port: number };
  return { store, url: `http://127.0.0.1:${address.port}`, close: () => store.close() };
}

/** A sample's value from the relay's /metrics (0 when the series has no sample yet). */
export async function relayMetric(relayUrl: string, series: string): Promise<number> {
  const text = (await get(`${relayUrl}/metrics`)).body as string;
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** Polls `condition` until it holds; fails with `what` after `timeoutMs`. */
export async function waitUntil(what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 30000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface LoggedRow {
  id: string;
  run_id: string | null;
  event_type: string | null;
  content_hash: Buffer;
}

export const loggedEvents = (databaseUrl: string) =>
  query<LoggedRow>(databaseUrl, 'SELECT id, run_id, event_type, content_hash FROM lineage_events ORDER BY id');

/**
 * A store that is down: its port accepts connections and closes them at once. Holding the port
 * keeps another process on this machine from taking it while the store is away (a relay would
 * then forward to that process).
 */
export async function downStore(port = 0): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.address() as net.AddressInfo).port;
  return { url: `http://127.0.0.1:${bound}`, port: bound, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
