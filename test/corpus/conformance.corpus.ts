/**
 * Conformance against a corpus of OpenLineage events (CORPUS_DIR, set by `npm run test:corpus`):
 * every event is accepted and its datasets appear in the read API, every batch file is accepted
 * whole, and every file of `invalid/` with a broken envelope gets a 4xx with nothing stored.
 * A file of `invalid/` whose envelope is sound and only its facet contents break their schema is
 * stored as sent: the store does not validate facet contents (docs/limits.md, "What ingest accepts").
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { countEvents, createDatabase, waitForProjection } from '../support/database';
import { EventFile, readEventFolder, readEventFolders } from '../support/event-files';
import { get, post } from '../support/http';
import { runCommand, startStore, StoreProcess } from '../support/store-process';

const CORPUS_DIR = process.env.CORPUS_DIR;
if (!CORPUS_DIR || !fs.existsSync(CORPUS_DIR)) throw new Error('CORPUS_DIR is not a folder: run `npm run test:corpus <folder>`');

type Event = Record<string, any>;

const isEvent = (value: unknown): value is Event => typeof value === 'object' && value !== null && !Array.isArray(value) && 'eventTime' in value;
/** Files holding one event or a batch of them; anything else (facet fragments, notes) is not an event file. */
const isEventFile = (file: EventFile) => isEvent(file.json) || (Array.isArray(file.json) && file.json.length > 0 && file.json.every(isEvent));

/** Every dataset (namespace|name) an event names: inputs, outputs, a dataset event's dataset, symlinks. */
function namedDatasets(event: Event): string[] {
  const named: Event[] = 'run' in event || 'job' in event ? [...(event.inputs ?? []), ...(event.outputs ?? [])] : [event.dataset];
  return named.flatMap((d) => [`${d.namespace}|${d.name}`, ...(d.facets?.symlinks?.identifiers ?? []).map((s: Event) => `${s.namespace}|${s.name}`)]);
}

/** The first field the OpenLineage core schema requires that an event lacks (facet contents aside). */
function brokenEnvelopeField(event: Event): string | null {
  const text = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  if (!text(event.eventTime)) return 'eventTime';
  if ('run' in event && !text(event.run?.runId)) return 'run.runId';
  if ('run' in event || !('dataset' in event)) {
    if (!text(event.job?.namespace)) return 'job.namespace';
    if (!text(event.job?.name)) return 'job.name';
  }
  for (const side of ['inputs', 'outputs']) {
    for (const [i, d] of (event[side] ?? []).entries()) {
      if (!text(d?.namespace)) return `${side}[${i}].namespace`;
      if (!text(d?.name)) return `${side}[${i}].name`;
    }
  }
  return null;
}

async function listedDatasets(store: StoreProcess): Promise<Set<string>> {
  const listed = new Set<string>();
  let cursor: string | null = null;
  do {
    const page: any = await get(`${store.url}/api/v1/datasets?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(page.status).toBe(200);
    for (const d of page.body.datasets) listed.add(`${d.namespace}|${d.name}`);
    cursor = page.body.nextCursor;
  } while (cursor);
  return listed;
}

describe(`conformance with the corpus in ${CORPUS_DIR}`, () => {
  const files = readEventFolders(CORPUS_DIR, ['invalid']);
  const eventFiles = files.filter(isEventFile);
  const invalid = fs.existsSync(path.join(CORPUS_DIR, 'invalid')) ? readEventFolder(CORPUS_DIR, 'invalid') : [];
  let databaseUrl: string;
  let store: StoreProcess;

  beforeAll(async () => {
    databaseUrl = await createDatabase('corpus');
    expect(runCommand(['migrate'], { DATABASE_URL: databaseUrl }).status).toBe(0);
    store = await startStore({ DATABASE_URL: databaseUrl });
    process.stderr.write(
      `corpus: ${eventFiles.length} event files (${files.length - eventFiles.length} other JSON files are not events), ${invalid.length} in invalid/\n`,
    );
  });

  afterAll(async () => {
    await store?.stop();
  });

  it('holds event files', () => {
    expect(eventFiles.length).toBeGreaterThan(0);
  });

  it('accepts every event (201, or 200 for one already stored) and every batch whole, and lists every dataset they name', async () => {
    const expected = new Set<string>();
    const refused: unknown[] = [];
    for (const file of eventFiles) {
      const batch = Array.isArray(file.json);
      const res = await post(`${store.url}/api/v1/lineage${batch ? '/batch' : ''}`, file.text);
      const accepted = batch ? res.status === 200 && res.body.summary?.failed === 0 : res.status === 201 || res.status === 200;
      if (!accepted) refused.push({ file: file.file, status: res.status, body: res.body });
      for (const event of batch ? (file.json as Event[]) : [file.json as Event]) namedDatasets(event).forEach((d) => expected.add(d));
    }
    expect(refused).toEqual([]);
    await waitForProjection(databaseUrl, 60000);
    const listed = await listedDatasets(store);
    expect([...expected].filter((d) => !listed.has(d))).toEqual([]);
  });

  it('refuses every file of invalid/ whose envelope is broken with a 4xx naming the field, storing nothing', async () => {
    const broken = invalid.filter((file) => brokenEnvelopeField(file.json as Event) !== null);
    for (const file of broken) {
      const before = await countEvents(databaseUrl);
      const res = await post(`${store.url}/api/v1/lineage`, file.text);
      const field = brokenEnvelopeField(file.json as Event);
      expect({ file: file.file, status: res.status, names: JSON.stringify(res.body).includes(field!) }).toEqual({ file: file.file, status: 400, names: true });
      expect(await countEvents(databaseUrl)).toBe(before);
    }
  });

  it('stores the files of invalid/ whose only fault is in facet contents as sent', async () => {
    const facetOnly = invalid.filter((file) => brokenEnvelopeField(file.json as Event) === null);
    if (facetOnly.length) process.stderr.write(`stored as sent (facet contents are not validated): ${facetOnly.map((f) => f.file).join(', ')}\n`);
    for (const file of facetOnly) {
      const res = await post(`${store.url}/api/v1/lineage`, file.text);
      expect({ file: file.file, accepted: res.status === 201 || res.status === 200 }).toEqual({ file: file.file, accepted: true });
    }
  });
});
