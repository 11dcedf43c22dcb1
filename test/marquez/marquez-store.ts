import { InProcessApp, startInProcessApp } from '../support/in-process-app';
import { lineageEvents } from './lineage-fixture';
import { marquezShapeErrors } from './marquez-shape';
import { MarquezSchemaName } from './marquez-schemas';

/** The app in-process with the fixture's events ingested over HTTP and projected. */
export async function storeWithLineage(now: number): Promise<InProcessApp> {
  const store = await startInProcessApp();
  await store.ingestAndProject(lineageEvents(now));
  return store;
}

/** GET that must answer 200 with a body of the named Marquez shape; returns the body. */
export async function getMarquez(store: InProcessApp, path: string, shape: MarquezSchemaName): Promise<any> {
  const res = await store.request('GET', path);
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.text}`);
  expect(marquezShapeErrors(shape, res.body)).toEqual([]);
  return res.body;
}

export const enc = encodeURIComponent;
