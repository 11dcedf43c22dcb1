import type { AddressInfo } from 'node:net';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { register } from 'prom-client';
import { createApp } from '../../src/create-app';
import { Environment, loadEnvironment } from '../../src/core/config/environment';
import { ProjectionWriter } from '../../src/projection/projection-writer.service';
import { migratedDatabase } from './migrated-database';

export { migratedDatabase };

export interface InProcessApp {
  app: NestFastifyApplication;
  databaseUrl: string;
  /** An HTTP request through Fastify's inject: the full stack, no socket. */
  request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<{ status: number; body: any; text: string }>;
  /** POSTs each event to /api/v1/lineage (each must be stored: 201), then projects until the queue is empty. */
  ingestAndProject(events: unknown[]): Promise<void>;
  /** Projects, in this process, until the projection queue is empty (the app's workers are off). */
  projectQueued(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The whole service in this process (Nest's application, Fastify, the real PostgreSQL), on a
 * fresh migrated database unless one is given. Projection workers are off unless asked for:
 * tests drive projection through ProjectionWriter so that they know when it is done.
 */
export async function startInProcessApp(
  settings: Record<string, string> = {},
  databaseUrl?: string,
): Promise<InProcessApp> {
  const url = databaseUrl ?? (await migratedDatabase('inproc'));
  const env: Environment = loadEnvironment({ LOG_LEVEL: 'warn', PROJECTION_WORKERS: '0', SHUTDOWN_DELAY_MS: '0', ...settings });
  const app = await createApp(env, { url });
  const store: InProcessApp = {
    app,
    databaseUrl: url,
    async request(method, path, body) {
      const res = await app.inject({
        method,
        url: path,
        ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      });
      let parsed: unknown = undefined;
      try {
        parsed = res.body ? JSON.parse(res.body) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: res.statusCode, body: parsed, text: res.body };
    },
    async ingestAndProject(events) {
      for (const event of events) {
        const res = await store.request('POST', '/api/v1/lineage', event);
        if (res.status !== 201) throw new Error(`ingest answered ${res.status}: ${res.text}`);
      }
      await store.projectQueued();
    },
    async projectQueued() {
      const writer = app.get(ProjectionWriter);
      while ((await writer.projectBatch(100)).length > 0);
    },
    async close() {
      await app.close();
      // The metrics live in prom-client's registry of this process: the next app of the same
      // test file registers them again, as a restarted process would.
      register.clear();
    },
  };
  return store;
}

export interface InProcessServer extends InProcessApp {
  /** `http://127.0.0.1:<port>`: the app listens on a free port of this host. */
  url: string;
  port: number;
}

/**
 * The service in this process, listening on a real socket as `serve` does: for tests that speak
 * HTTP with fetch, curl or a browser. Unlike startInProcessApp, the projector thread runs (two
 * loops, as a started service has), so ingested events are projected without the test's help.
 * A test that projects nothing passes PROJECTION_WORKERS '0' and spares the thread's start.
 */
export async function startInProcessServer(settings: Record<string, string> = {}, databaseUrl?: string): Promise<InProcessServer> {
  // The projector thread keeps the store's priority here: the test waits for its work, and the
  // suite's other worker must not starve it (its lower priority is tested in projector-thread).
  const store = await startInProcessApp({ PROJECTION_WORKERS: '2', PROJECTOR_NICE: '0', ...settings }, databaseUrl);
  await store.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = store.app.getHttpServer().address() as AddressInfo;
  return { ...store, url: `http://127.0.0.1:${port}`, port };
}
