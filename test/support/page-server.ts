import { InProcessServer, startInProcessServer } from './in-process-app';

/**
 * The store a browser test points Chromium at: the in-process server on a real socket, with no
 * projector thread (the test projects what it posted with `projectQueued()`, so it knows when the
 * page can show it) and with reads that wait their turn. A page asks for several things at once
 * while Chromium compiles its bundle on the same cores the other test workers use; the read
 * pool's 503s under overload are tested where they are the point (test/hostile/reads-vs-ingest,
 * test/api/error-codes), not on every page.
 */
export function startPageServer(settings: Record<string, string> = {}, databaseUrl?: string): Promise<InProcessServer> {
  return startInProcessServer({ PROJECTION_WORKERS: '0', READ_QUEUE_TIMEOUT_MS: '30000', READ_STATEMENT_TIMEOUT_MS: '30000', ...settings }, databaseUrl);
}

/** A page server on a fresh database that has received `events` as one batch and projected them. */
export async function filledPageServer(events: unknown[], settings: Record<string, string> = {}): Promise<InProcessServer> {
  const store = await startPageServer(settings);
  const res = await fetch(`${store.url}/api/v1/lineage/batch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(events) });
  if (res.status >= 300) {
    await store.close();
    throw new Error(`the store refused the test's events: ${res.status} ${await res.text()}`);
  }
  await store.projectQueued();
  return store;
}
