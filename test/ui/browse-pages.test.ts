/**
 * Every browsing page of the web UI in Chromium at 1440×900 against the fixtures of Trino, Spark,
 * Airflow and dbt: the overview's counts (each a link to its list) and its activity by received
 * time, the jobs, runs, events and namespaces lists, a job, a run, and the lineage graphs (table
 * and column level). Each page shows the expected names, is axe-clean, and no script error or
 * console error happens anywhere.
 */
import { Browser, Page } from 'playwright-core';
import { eventually, expectAccessible, launchChromium, watchedPage } from '../support/browser';
import { fixtureFolder } from '../support/fixtures';
import { filledPageServer } from '../support/page-server';
import type { InProcessServer } from '../support/in-process-app';

jest.setTimeout(240000);

const PRODUCERS = ['trino', 'spark', 'airflow', 'dbt'];
const events = PRODUCERS.flatMap((folder) => fixtureFolder(folder).map((f) => f.json as Record<string, any>));
const TRINO = 'trino://trino.analytics.test:8080';
const FAILED_QUERY = '20260301_082011_00044_abcde';
const SPARK_JOB = 'orders_cleanup.execute_insert_into_hadoop_fs_relation_command.warehouse_sales_orders_clean';
const SPARK_OUTPUT = 'dataset:hdfs://namenode:8020:/warehouse/sales.db/orders_clean';
const SPARK_INPUT = 'dataset:s3://raw-landing:/orders/2026-03-01';
const field = (table: string, name: string) => `${table.replace(/^dataset:/, 'datasetField:')}:${name}`;
const runEventsOfType = (...types: string[]) => events.filter((e) => types.includes(e.eventType)).length;
const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('Browsing pages with every producer', () => {
  let store: InProcessServer;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    store = await filledPageServer(events);
    browser = await launchChromium();
    ({ page } = await watchedPage(browser, problems));
  });

  afterAll(async () => {
    await browser?.close();
    await store?.close();
  });

  const open = async (hash: string, heading: string | RegExp) => {
    await page.goto(`${store.url}/#${hash}`);
    await eventually(async () => expect(await page.locator('h1').textContent()).toMatch(heading));
  };
  const rowsOf = async (selector: string) => (await page.locator(`${selector} tbody tr:not(.raw-row)`).allInnerTexts()).map(clean);
  const api = async (path: string): Promise<any> => (await fetch(`${store.url}${path}`)).json();

  it('overview: counts that link to their lists, activity by received time with a range and a basis', async () => {
    await open('/overview', 'Overview');
    const jobs = (await api('/api/v1/jobs?limit=1')).totalCount;
    await eventually(async () => expect(await page.locator('[data-count="jobs"]').textContent()).toBe(String(jobs)));
    await eventually(async () => expect(await page.locator('[data-count="events"]').textContent()).toBe(String(events.length)));
    expect(await page.locator('[data-count="namespaces"]').textContent()).toBe(String((await api('/api/v1/stats/namespaces')).totalCount));
    expect(await page.locator('[data-count="runs"]').textContent()).toBe(String((await api('/api/v1/runs?limit=1')).totalCount));
    expect(await page.locator('h2#activity-title').textContent()).toBe('Run events received');
    await page.getByText('The numbers').click();
    const sums = async () => {
      const rows = await page.locator('table.activity-table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))));
      return rows.reduce((acc, row) => acc.map((v, i) => v + row[i]), [0, 0, 0, 0]);
    };
    // All the fixtures arrived in the last minutes, whatever eventTime their producers wrote.
    await eventually(async () => expect(await sums()).toEqual([runEventsOfType('COMPLETE'), runEventsOfType('START'), runEventsOfType('FAIL'), runEventsOfType('ABORT')]));
    await page.getByRole('button', { name: 'Producers’ event time' }).click();
    await eventually(async () => expect(await sums()).toEqual([0, 0, 0, 0])); // dated March 2026
    await page.getByRole('button', { name: 'Last 7 days, per day' }).click();
    await eventually(async () => expect(await page.locator('table.activity-table tbody tr').count()).toBe(7));
    await page.getByRole('button', { name: 'When received' }).click();
    await page.getByRole('button', { name: 'Last 24 hours, per hour' }).click();
    await expectAccessible(page, 'overview');
    await page.getByRole('link', { name: 'Failed runs' }).click();
    await eventually(async () => expect(await page.locator('h1').textContent()).toBe('Runs'));
    expect(await page.getByLabel('State').inputValue()).toBe('FAILED');
  });

  it('jobs: every producer’s jobs with type, latest run and state; search, namespace and state filters', async () => {
    await open('/jobs', 'Jobs');
    const names = async () => (await page.locator('table.jobs tbody th').allInnerTexts()).map(clean);
    await eventually(async () => expect(await names()).toEqual(expect.arrayContaining(['nightly_sales', 'nightly_sales.load_orders', 'jaffle_shop.customers', 'orders_cleanup', SPARK_JOB, FAILED_QUERY])));
    expect(clean((await page.locator('.status').textContent()) ?? '')).toBe(`${(await names()).length} jobs.`);
    const dbtRow = (await rowsOf('table.jobs')).find((r) => r.startsWith('jaffle_shop.customers'));
    expect(dbtRow).toContain('DBT / MODEL');
    expect(dbtRow).toContain('COMPLETED');
    await expectAccessible(page, 'jobs page');

    await page.getByLabel('Search').fill('CUSTOMERS');
    await eventually(async () => expect(await names()).toEqual(['jaffle_shop.customers']));
    await eventually(async () => expect(new URL(page.url()).hash).toContain('q=CUSTOMERS'));
    await page.getByLabel('Search').fill('');
    await page.getByLabel('Namespace').selectOption('airflow-prod');
    await eventually(async () => expect((await names()).sort()).toEqual(['nightly_sales', 'nightly_sales.load_orders']));
    await page.getByLabel('Namespace').selectOption('');
    await page.getByLabel('Latest run').selectOption('FAILED');
    await eventually(async () => expect(await names()).toEqual([FAILED_QUERY]));
  });

  it('runs: runs of every job newest first, by state and by start time', async () => {
    await open('/runs', 'Runs');
    const runIds = new Set(events.map((e) => e.run.runId));
    await eventually(async () => expect(await page.locator('table.runs tbody tr').count()).toBe(runIds.size));
    const rows = await rowsOf('table.runs');
    expect(rows.some((r) => r.includes('jaffle_shop.customers') && r.includes('dbt-prod'))).toBe(true);
    expect(rows.some((r) => r.includes(SPARK_JOB))).toBe(true);
    await expectAccessible(page, 'runs page');
    await page.getByLabel('State').selectOption('FAILED');
    await eventually(async () => expect(await rowsOf('table.runs')).toEqual([expect.stringContaining(FAILED_QUERY)]));
    await page.getByLabel('Started').selectOption('1h'); // the fixtures ran in March 2026
    await eventually(async () => expect(await page.locator('.status').textContent()).toBe('No runs match.'));
  });

  it('events: the log newest received first, with filters and each event’s raw JSON', async () => {
    await open('/events', 'Events');
    await eventually(async () => expect(await page.locator('.status').textContent()).toBe(`${events.length} events.`));
    expect(await page.locator('table.events tbody.event').count()).toBe(events.length);
    await expectAccessible(page, 'events page');
    await page.getByLabel('Event type').selectOption('FAIL');
    await eventually(async () => expect(await page.locator('table.events tbody.event').count()).toBe(1));
    const row = page.locator('table.events tbody.event').first();
    expect(clean(await row.innerText())).toContain(FAILED_QUERY);
    await row.getByRole('button', { name: /JSON/ }).click();
    const json = row.getByRole('region', { name: /Raw OpenLineage event/ });
    await eventually(async () => expect(JSON.parse((await json.textContent()) ?? '{}').job.name).toBe(FAILED_QUERY));
    await expectAccessible(page, 'events page with a raw event open');
    await page.getByLabel('Event type').selectOption('');
    await page.getByLabel('Job namespace').selectOption('dbt-prod');
    await eventually(async () => expect(await page.locator('table.events tbody.event').count()).toBe(events.filter((e) => e.job.namespace === 'dbt-prod').length));
  });

  it('namespaces: each with its job and dataset counts, linking to those lists', async () => {
    await open('/namespaces', 'Namespaces');
    await eventually(async () => expect(await page.locator('table.namespaces tbody tr').count()).toBeGreaterThan(5));
    const rows = await rowsOf('table.namespaces');
    expect(rows.find((r) => r.startsWith('airflow-prod'))).toMatch(/^airflow-prod 2 0 /);
    expect(rows.find((r) => r.startsWith(TRINO))).toMatch(/ 3 4 /);
    await expectAccessible(page, 'namespaces page');
    await page.getByRole('link', { name: `4 datasets in ${TRINO}` }).click();
    await eventually(async () => expect(await page.locator('.status').textContent()).toBe('4 datasets.'));
  });

  it('job: type and integration, parent job, runs filterable by state, trimmed SQL', async () => {
    await open(`/job?namespace=dbt-prod&name=${encodeURIComponent('jaffle_shop.customers')}`, 'jaffle_shop.customers');
    const about = page.locator('section[aria-labelledby="job-about-title"]');
    await eventually(async () => expect(clean(await about.innerText())).toContain('Integration DBT Job type MODEL'));
    expect(clean(await about.innerText())).toContain('Parent job dbt-run-jaffle_shop');
    expect(await page.getByRole('region', { name: 'SQL of jaffle_shop.customers' }).textContent()).toBe(
      'select customer_id, count(*) as orders from analytics.staging.stg_orders group by 1',
    );
    await eventually(async () => expect(await page.locator('table.runs tbody tr').count()).toBe(1));
    await expectAccessible(page, 'job page');
    await page.getByLabel('State').selectOption('FAILED');
    await eventually(async () => expect(await page.locator('section[aria-labelledby="job-runs-title"]').innerText()).toContain('No run of this job is in this state.'));
    await page.getByRole('link', { name: 'dbt-run-jaffle_shop' }).click();
    await eventually(async () => expect(await page.locator('h1').textContent()).toBe('dbt-run-jaffle_shop'));
  });

  it('run: its job, parent run, dataset versions and raw events', async () => {
    const model = events.find((e) => e.job.name === 'jaffle_shop.customers')!;
    await open(`/runs/${model.run.runId}`, `Run ${model.run.runId}`);
    const about = page.locator('section[aria-labelledby="run-about-title"]');
    await eventually(async () => expect(clean(await about.innerText())).toContain(`Parent run ${model.run.facets.parent.run.runId} of dbt-run-jaffle_shop`));
    expect(clean(await about.innerText())).toContain('Job jaffle_shop.customers dbt-prod');
    const runEvents = page.locator('section[aria-labelledby="run-events-title"] tbody.event');
    await eventually(async () => expect(await runEvents.count()).toBe(events.filter((e) => e.run.runId === model.run.runId).length));
    await expectAccessible(page, 'run page');
    const read = page.getByRole('list', { name: 'Dataset versions read' });
    await eventually(async () => expect(clean(await read.innerText())).toContain('analytics.staging.stg_orders'));
    await page.getByRole('link', { name: model.run.facets.parent.run.runId }).click();
    await eventually(async () => expect(await page.locator('h1').textContent()).toBe(`Run ${model.run.facets.parent.run.runId}`));
    // The parent lists its children.
    const children = page.locator('section[aria-labelledby="run-children-title"] table.runs tbody tr');
    await eventually(async () => expect((await children.allInnerTexts()).map(clean)).toEqual([expect.stringContaining('jaffle_shop.customers')]));
    await expectAccessible(page, 'parent run page');
  });

  it('lineage: the graph fills the page width and the viewport, long names keep their end, the first fit clips nothing', async () => {
    await open(`/lineage?nodeId=${encodeURIComponent(SPARK_OUTPUT)}`, /^Lineage of/);
    const frame = page.locator('.graph-frame:not([aria-busy])');
    await frame.locator('.react-flow__node').first().waitFor();
    const box = (await frame.boundingBox())!;
    expect(box.width).toBeGreaterThan(1300);
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    expect(box.height).toBeGreaterThan(400);
    const controls = (await page.locator('.react-flow__controls').boundingBox())!;
    expect(controls.y + controls.height).toBeLessThanOrEqual(900);
    const job = page.locator(`.react-flow__node[data-id="job:spark-etl:${SPARK_JOB}"]`);
    await eventually(async () => expect(await job.locator('.lineage-node-name').textContent()).toMatch(/^orders_[^…]*…[^…]*orders_clean$/));
    expect(await job.locator('.lineage-node-name').getAttribute('title')).toBe(SPARK_JOB);
    const shown = await job.locator('.lineage-node-name').textContent();
    expect(await job.getAttribute('aria-label')).toBe(`Job ${shown} spark-etl (${SPARK_JOB}, spark-etl)`);
    // After the first fit every node is wholly inside the frame.
    await eventually(async () => {
      for (const node of await frame.locator('.react-flow__node').all()) {
        const b = (await node.boundingBox())!;
        expect(b.x).toBeGreaterThanOrEqual(box.x);
        expect(b.y).toBeGreaterThanOrEqual(box.y);
        expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
        expect(b.y + b.height).toBeLessThanOrEqual(box.y + box.height);
      }
    });
    await job.click();
    await eventually(async () => expect(await page.locator('aside.node-panel h2').innerText()).toContain(SPARK_JOB));
    await expectAccessible(page, 'lineage page');
  });

  it('column lineage: columns inside their tables, transformation types on the links, a column’s path lit, tables fold', async () => {
    await open(`/lineage?nodeId=${encodeURIComponent(SPARK_OUTPUT)}&level=column`, /^Lineage of/);
    const frame = page.locator('.graph-frame:not([aria-busy])');
    await frame.locator('.react-flow__node').first().waitFor();
    const tables = await page.locator('.react-flow__node').evaluateAll((els) => els.map((el) => el.getAttribute('data-id')));
    expect(tables.sort()).toEqual([SPARK_OUTPUT, SPARK_INPUT].sort());
    const columnsOf = async (table: string) =>
      page.locator(`.react-flow__node[data-id="${table}"] [data-column-id]`).evaluateAll((els) => els.map((el) => el.getAttribute('data-column-id')));
    expect(await columnsOf(SPARK_OUTPUT)).toEqual([field(SPARK_OUTPUT, 'amount'), field(SPARK_OUTPUT, 'order_id')]);
    // status feeds the whole output table (a dataset-level dependency): it joins its table's columns.
    expect((await columnsOf(SPARK_INPUT)).sort()).toEqual([field(SPARK_INPUT, 'amount'), field(SPARK_INPUT, 'order_id'), field(SPARK_INPUT, 'status')].sort());
    const labels = async () => (await page.locator('.react-flow__edge-text').allTextContents()).sort();
    await eventually(async () => expect(await labels()).toEqual(['DIRECT · IDENTITY', 'DIRECT · IDENTITY', 'whole table · INDIRECT · FILTER']));
    expect(await page.locator('.react-flow__edge.indirect.dataset-level').count()).toBe(1);
    const frameBox = (await frame.boundingBox())!;
    for (const node of await frame.locator('.react-flow__node').all()) {
      const b = (await node.boundingBox())!;
      expect(b.y).toBeGreaterThanOrEqual(frameBox.y);
      expect(b.y + b.height).toBeLessThanOrEqual(frameBox.y + frameBox.height);
    }
    await expectAccessible(page, 'column lineage');

    await page.locator(`[data-column-id="${field(SPARK_OUTPUT, 'amount')}"]`).click();
    await eventually(async () => expect(await page.locator('.react-flow__edge.on-path').count()).toBe(2)); // amount <- amount, and the table's filter
    expect(await page.locator('.react-flow__edge.dimmed').count()).toBe(1);
    const panel = page.locator('aside.node-panel');
    await eventually(async () => expect(clean(await panel.innerText())).toContain('Computed from'));
    expect(clean(await panel.innerText())).toMatch(/amount DIRECT · IDENTITY .*status whole table · INDIRECT · FILTER/);
    await expectAccessible(page, 'column lineage with a column selected');

    await page.getByRole('button', { name: `Collapse /orders/2026-03-01: 3 columns` }).click();
    await eventually(async () => expect(await columnsOf(SPARK_INPUT)).toEqual([]));
    await page.getByRole('button', { name: `Expand /orders/2026-03-01: 3 columns` }).click();
    await eventually(async () => expect((await columnsOf(SPARK_INPUT)).length).toBe(3));
  });

  it('datasets: a total, names broken at their dots, no scheme repeated for a namespace that is not a URI', async () => {
    await open('/', 'Datasets');
    const total = (await api('/api/v1/datasets?limit=1')).totalCount;
    await eventually(async () => expect(await page.locator('.status').textContent()).toBe(`${total} datasets.`));
    const bigquery = page.locator('table.datasets tbody tr', { hasText: 'acme-analytics.sales.orders' });
    expect((await bigquery.locator('td').allTextContents())[1]).toBe('—');
    // Breaks only where <wbr> allows: no line of the name ends inside a part.
    expect(await bigquery.locator('th.name').evaluate((el) => (globalThis as any).getComputedStyle(el).overflowWrap)).toBe('break-word');
    await expectAccessible(page, 'datasets page');
  });

  it('raised no script or console errors', () => {
    expect(problems).toEqual([]);
  });
});
