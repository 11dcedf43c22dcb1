/**
 * Marquez's own web UI 0.51 (test/marquez-web/SOURCE.md) against the store, in Chromium: the store
 * holds the repository's Trino, Spark, Airflow and dbt fixtures, the UI is served with its `/api`
 * calls reaching the store, and every page of Marquez's UI contract is walked for one job of each
 * producer (test/support/marquez-walk.ts): only 2xx API calls, no script error, no error toast,
 * and the names each page must show. `npm run test:corpus` walks the same pages over the shared
 * corpus (test/corpus/marquez-ui.corpus.ts).
 */
import { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { fixtureFolder } from '../support/fixtures';
import { InProcessServer } from '../support/in-process-app';
import { startPageServer } from '../support/page-server';
import { MarquezWeb, serveMarquezWeb, unpackMarquezWeb } from '../support/marquez-web';
import { PageResult, resultTable, targetOf, walkMarquezUi } from '../support/marquez-walk';

jest.setTimeout(1200000);

const PRODUCERS = [
  { producer: 'trino', folder: 'trino', job: { namespace: 'trino://trino.analytics.test:8080', name: '20260301_081500_00042_abcde' } },
  { producer: 'spark', folder: 'spark', job: { namespace: 'spark-etl', name: 'orders_cleanup.execute_insert_into_hadoop_fs_relation_command.warehouse_sales_orders_clean' } },
  { producer: 'airflow', folder: 'airflow', job: { namespace: 'airflow-prod', name: 'nightly_sales.load_orders' } },
  { producer: 'dbt', folder: 'dbt', job: { namespace: 'dbt-prod', name: 'jaffle_shop.customers' } },
];

describe("Marquez's web UI against the store, every page, for Trino, Spark, Airflow and dbt jobs", () => {
  let store: InProcessServer;
  let browser: Browser;
  let web: MarquezWeb;
  let unpacked: ReturnType<typeof unpackMarquezWeb>;
  let results: PageResult[] = [];

  beforeAll(async () => {
    store = await startPageServer();
    for (const { folder } of PRODUCERS) {
      for (const file of fixtureFolder(folder)) {
        const res = await store.request('POST', '/api/v1/lineage', file.text);
        expect({ file: file.file, status: res.status }).toEqual({ file: file.file, status: 201 });
      }
    }
    await store.projectQueued();
    unpacked = unpackMarquezWeb();
    web = await serveMarquezWeb(unpacked.dist, store.url);
    browser = await launchChromium();
    const targets = await Promise.all(PRODUCERS.map((p) => targetOf(store.url, p.producer, p.job)));
    results = await walkMarquezUi(browser, web.url, targets, { onPage: (r) => process.stderr.write(`${resultTable([r])}\n`) });
    process.stderr.write(`Marquez UI pages walked against the repository's fixtures:\n${resultTable(results)}\n`);
  });

  afterAll(async () => {
    await browser?.close();
    await web?.close();
    unpacked?.remove();
    await store?.close();
  });

  it.each(PRODUCERS.map((p) => p.producer))('walks every page for the %s job, each one passing', (producer) => {
    const walked = results.filter((r) => r.producer === producer);
    expect(walked.map((r) => r.page)).toEqual(['dashboard', 'jobs', 'events', 'job lineage', 'job drawer', 'dataset lineage', 'dataset drawer', 'search', 'column lineage', 'datasets']);
    expect(walked.filter((r) => !r.passed).map((r) => `${r.page}: ${r.problems.join('; ')}`)).toEqual([]);
  });
});
