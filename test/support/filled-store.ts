import { waitForProjection } from './database';
import { InProcessServer, startInProcessServer } from './in-process-app';

/** An in-process store (fresh database) that has received `events` as one batch and projected them. */
export async function filledStore(events: unknown[], env: Record<string, string> = {}): Promise<InProcessServer> {
  const store = await startInProcessServer(env);
  const res = await fetch(`${store.url}/api/v1/lineage/batch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(events) });
  if (res.status >= 300) {
    await store.close();
    throw new Error(`the store refused the test's events: ${res.status} ${await res.text()}`);
  }
  await waitForProjection(store.databaseUrl);
  return store;
}
