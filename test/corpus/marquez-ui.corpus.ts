/**
 * Marquez's own web UI 0.51 against a store filled with a corpus of OpenLineage events (CORPUS_DIR,
 * set by `npm run test:corpus`) and the repository's Trino, Spark, Airflow and dbt fixtures: the UI
 * is served with its `/api` calls reaching the store, and every page of Marquez's UI contract is
 * walked in Chromium for one job of each producer folder of the corpus and of each fixture
 * producer (test/support/marquez-walk.ts). The table of pages walked per producer is printed;
 * every page must pass. The UI build is the repository's (test/marquez-web/), or MARQUEZ_WEB_TARBALL.
 */
import * as fs from 'node:fs';
import { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { createDatabase, waitForProjection } from '../support/database';
import { EventFile, readEventFolder } from '../support/event-files';
import { fixtureFolder } from '../support/fixtures';
import { post } from '../support/http';
import { MARQUEZ_WEB_TARBALL, MarquezWeb, serveMarquezWeb, unpackMarquezWeb } from '../support/marquez-web';
import { PageResult, resultTable, targetOf, walkMarquezUi, WalkTarget } from '../support/marquez-walk';
import { runCommand, startStore, StoreProcess } from '../support/store-process';

jest.setTimeout(1800000);

const CORPUS_DIR = process.env.CORPUS_DIR;
if (!CORPUS_DIR || !fs.existsSync(CORPUS_DIR)) throw new Error('CORPUS_DIR is not a folder: run `npm run test:corpus <folder>`');
const TARBALL = process.env.MARQUEZ_WEB_TARBALL || MARQUEZ_WEB_TARBALL;
const FIXTURE_PRODUCERS = ['trino', 'spark', 'airflow', 'dbt'];

type Event = Record<string, any>;
const eventsOf = (file: EventFile): Event[] =>
  (Array.isArray(file.json) ? file.json : [file.json]).filter((e): e is Event => typeof e === 'object' && e !== null && 'eventTime' in e);

/** The job the walk visits for a folder: of the first run event (by file name) that lists an output, else an input. */
function jobToWalk(files: EventFile[]): { namespace: string; name: string } | null {
  const runEvents = files.flatMap(eventsOf).filter((e) => e.run && e.job?.namespace && e.job?.name);
  const chosen = runEvents.find((e) => e.outputs?.length > 0) ?? runEvents.find((e) => e.inputs?.length > 0);
  return chosen ? { namespace: chosen.job.namespace, name: chosen.job.name } : null;
}

describe(`Marquez's web UI over the corpus in ${CORPUS_DIR}`, () => {
  const folders = fs
    .readdirSync(CORPUS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'invalid')
    .map((d) => d.name)
    .sort();
  let store: StoreProcess;
  let browser: Browser;
  let web: MarquezWeb;
  let unpacked: ReturnType<typeof unpackMarquezWeb>;
  let results: PageResult[] = [];
  const skippedFolders: string[] = [];

  beforeAll(async () => {
    const databaseUrl = await createDatabase('corpus_ui');
    expect(runCommand(['migrate'], { DATABASE_URL: databaseUrl }).status).toBe(0);
    // Marquez's dashboard asks for eight things at once, four walks side by side, while Chromium
    // compiles its 11 MB bundle on the same cores: a read waiting its turn is not what this run is about.
    store = await startStore({ DATABASE_URL: databaseUrl, READ_QUEUE_TIMEOUT_MS: '30000', READ_STATEMENT_TIMEOUT_MS: '30000' });
    const targets: Array<{ producer: string; job: { namespace: string; name: string } }> = [];
    const send = async (files: EventFile[]) => {
      for (const file of files) {
        const events = eventsOf(file);
        if (events.length === 0) continue; // facet fragments and notes
        // What the store refuses is the conformance run's to report (conformance.corpus.ts), not the walk's.
        if (Array.isArray(file.json)) await post(`${store.url}/api/v1/lineage/batch`, file.text);
        else await post(`${store.url}/api/v1/lineage`, file.text);
      }
    };
    for (const folder of folders) {
      const files = readEventFolder(CORPUS_DIR, folder);
      await send(files);
      const job = jobToWalk(files);
      if (job) targets.push({ producer: `corpus/${folder}`, job });
      else skippedFolders.push(folder);
    }
    for (const producer of FIXTURE_PRODUCERS) {
      const files = fixtureFolder(producer);
      await send(files);
      targets.push({ producer: `fixtures/${producer}`, job: jobToWalk(files)! });
    }
    await waitForProjection(databaseUrl, 120000);
    unpacked = unpackMarquezWeb(TARBALL);
    web = await serveMarquezWeb(unpacked.dist, store.url);
    browser = await launchChromium();
    const walkTargets: WalkTarget[] = [];
    for (const t of targets) walkTargets.push(await targetOf(store.url, t.producer, t.job));
    results = await walkMarquezUi(browser, web.url, walkTargets, { onPage: (r) => process.stderr.write(`${resultTable([r])}\n`) });
    process.stderr.write(
      `Marquez UI pages walked per producer (${TARBALL}):\n${resultTable(results)}\n` +
        (skippedFolders.length ? `folders without a run event that lists a dataset (nothing to walk): ${skippedFolders.join(', ')}\n` : ''),
    );
  });

  afterAll(async () => {
    await browser?.close();
    await web?.close();
    unpacked?.remove();
    await store?.stop();
  });

  it('walks a job of every fixture producer and of the corpus folders', () => {
    const producers = new Set(results.map((r) => r.producer));
    expect(FIXTURE_PRODUCERS.every((p) => producers.has(`fixtures/${p}`))).toBe(true);
    expect(producers.size).toBeGreaterThan(FIXTURE_PRODUCERS.length);
  });

  it('passes every page: only 2xx API calls, no page error, no error toast, the expected names shown', () => {
    expect(results.filter((r) => !r.passed).map((r) => `${r.producer} ${r.page} (${r.path}): ${r.problems.join('; ')}`)).toEqual([]);
  });
});
