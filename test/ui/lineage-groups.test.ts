/**
 * Child jobs drawn inside their parent job on the lineage page, in a real browser against the
 * real service, with events shaped as Airflow and Spark send them (test/fixtures/airflow and
 * spark, with more children added):
 *
 *   Airflow DAG nightly_sales (runs with a ParentRunFacet naming the DAG run):
 *     orders.csv -> extract_orders -> staging.orders_raw -> clean_orders -> staging.orders_clean -> load_orders -> sales.orders
 *   Spark application orders_cleanup:
 *     /orders/2026-03-01 -> …orders_clean job -> orders_clean -> …orders_daily job -> orders_daily
 */
import { randomUUID } from 'node:crypto';
import { Browser, Locator, Page } from 'playwright-core';
import { eventually, expectAccessible, launchChromium, screenshot, watchedPage } from '../support/browser';
import { fixture } from '../support/fixtures';
import { filledPageServer } from '../support/page-server';
import type { InProcessServer } from '../support/in-process-app';

jest.setTimeout(240000);

const DAG = 'nightly_sales';
const DAG_GROUP = 'group:job:airflow-prod:nightly_sales';
const TASKS = ['extract_orders', 'clean_orders', 'load_orders'].map((task) => `${DAG}.${task}`);
const taskNode = (task: string) => `job:airflow-prod:${task}`;
const bigquery = (table: string) => ({ namespace: 'bigquery', name: `acme-analytics.${table}` });
const CSV = { namespace: 'gs://sales-exports', name: 'orders/2026-03-02.csv' };
const datasetNode = (d: { namespace: string; name: string }) => `dataset:${d.namespace}:${d.name}`;

const SPARK_APP = 'orders_cleanup';
const SPARK_GROUP = 'group:job:spark-etl:orders_cleanup';
const SPARK_CLEAN = 'orders_cleanup.execute_insert_into_hadoop_fs_relation_command.warehouse_sales_orders_clean';
const SPARK_DAILY = 'orders_cleanup.execute_insert_into_hadoop_fs_relation_command.warehouse_sales_orders_daily';
const ORDERS_CLEAN = { namespace: 'hdfs://namenode:8020', name: '/warehouse/sales.db/orders_clean' };
const ORDERS_DAILY = { namespace: 'hdfs://namenode:8020', name: '/warehouse/sales.db/orders_daily' };

type Event = Record<string, any>;

/** An Airflow task run of the fixture's DAG run (its ParentRunFacet kept), reading and writing the given datasets. */
function airflowTask(task: string, input: { namespace: string; name: string }, output: { namespace: string; name: string }): Event {
  const event = structuredClone(fixture('airflow/task-complete.json').json as Event);
  event.run.runId = randomUUID();
  event.run.facets.airflow.task.task_id = task.slice(DAG.length + 1);
  event.job.name = task;
  event.inputs = [{ ...input, facets: {} }];
  event.outputs = [{ ...output, facets: {} }];
  return event;
}

function events(): Event[] {
  const sparkClean = fixture('spark/insert-complete.json').json as Event;
  const sparkDaily = structuredClone(sparkClean);
  sparkDaily.run.runId = randomUUID();
  sparkDaily.job.name = SPARK_DAILY;
  sparkDaily.inputs = [{ ...ORDERS_CLEAN, facets: {} }];
  sparkDaily.outputs = [{ ...ORDERS_DAILY, facets: {} }];
  return [
    fixture('airflow/dag-start.json').json as Event,
    airflowTask(TASKS[0], CSV, bigquery('staging.orders_raw')),
    airflowTask(TASKS[1], bigquery('staging.orders_raw'), bigquery('staging.orders_clean')),
    airflowTask(TASKS[2], bigquery('staging.orders_clean'), bigquery('sales.orders')),
    fixture('airflow/dag-complete.json').json as Event,
    fixture('spark/app-start.json').json as Event,
    sparkClean,
    sparkDaily,
    fixture('spark/app-complete.json').json as Event,
  ];
}

describe('Lineage graph: child jobs grouped under their parent job', () => {
  let store: InProcessServer;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    store = await filledPageServer(events());
    browser = await launchChromium();
    ({ page } = await watchedPage(browser, problems));
  });

  afterAll(async () => {
    await browser?.close();
    await store?.close();
  });

  const node = (id: string): Locator => page.locator(`.react-flow__node[data-id="${id}"]`);
  const openLineage = async (nodeId: string, depth: number, extra: Record<string, string> = {}) => {
    await page.goto(`${store.url}/#/lineage?${new URLSearchParams({ nodeId, depth: String(depth), ...extra })}`);
    await page.locator('.graph-frame:not([aria-busy]) .react-flow__node').first().waitFor();
  };
  const drawnIds = async () => (await page.locator('.react-flow__node').evaluateAll((els) => els.map((el) => el.getAttribute('data-id') ?? ''))).sort();
  const drawnEdges = async () => (await page.locator('.react-flow__edge').evaluateAll((els) => els.map((el) => (el.getAttribute('data-testid') ?? '').replace(/^rf__edge-/, '')))).sort();

  /** Whether the box of `inner` lies inside the box of `outer` on screen. */
  async function inside(inner: Locator, outer: Locator): Promise<boolean> {
    const a = await inner.boundingBox();
    const b = await outer.boundingBox();
    if (!a || !b) return false;
    return a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
  }

  it('draws an Airflow DAG as a box named after it, holding its tasks and the tables only they use', async () => {
    await openLineage(datasetNode(bigquery('sales.orders')), 6);
    const group = page.getByRole('group', { name: /^Airflow DAG nightly_sales \(airflow-prod\): 3 jobs and 2 datasets between them$/ });
    await eventually(async () => expect(await group.count()).toBe(1));
    expect(await group.getAttribute('data-id')).toBe(DAG_GROUP);
    const head = ((await group.locator('.lineage-group-head').textContent()) ?? '').replace(/\s+/g, ' ');
    expect(head).toContain('Airflow DAG');
    expect(head).toContain('nightly_sales');
    expect(head).toContain('3 jobs');
    for (const task of TASKS) {
      // Inside the DAG's box a task shows its own name; its whole name stays in its accessible name.
      const taskId = task.slice(DAG.length + 1);
      expect(await node(taskNode(task)).locator('.lineage-node-name').textContent()).toBe(taskId);
      expect(await node(taskNode(task)).getAttribute('aria-label')).toBe(`Job ${taskId} airflow-prod (${task}, airflow-prod)`);
      expect(await inside(node(taskNode(task)), group)).toBe(true);
    }
    for (const table of ['staging.orders_raw', 'staging.orders_clean']) expect(await inside(node(datasetNode(bigquery(table))), group)).toBe(true);
    // The DAG's input and the start table are outside the box.
    expect(await inside(node(datasetNode(CSV)), group)).toBe(false);
    expect(await inside(node(datasetNode(bigquery('sales.orders'))), group)).toBe(false);
    await expectAccessible(page, 'grouped Airflow DAG');
    await screenshot(page, 'lineage-groups-airflow');
    expect(problems).toEqual([]);
  });

  it('collapses the DAG to one box with its task count, the arrows then ending at it, and expands it again', async () => {
    await openLineage(datasetNode(bigquery('sales.orders')), 6);
    await page.getByRole('button', { name: 'Collapse nightly_sales: 3 jobs' }).click();
    await eventually(async () => expect(await drawnIds()).toEqual([DAG_GROUP, datasetNode(CSV), datasetNode(bigquery('sales.orders'))].sort()));
    expect(await drawnEdges()).toEqual([`${DAG_GROUP}->${datasetNode(bigquery('sales.orders'))}`, `${datasetNode(CSV)}->${DAG_GROUP}`].sort());
    expect((await node(DAG_GROUP).innerText()).replace(/\s+/g, ' ')).toMatch(/nightly_sales.*3 jobs/);
    const expand = page.getByRole('button', { name: 'Expand nightly_sales: 3 jobs' });
    expect(await expand.getAttribute('aria-expanded')).toBe('false');
    await expectAccessible(page, 'collapsed Airflow DAG');
    await expand.click();
    await eventually(async () => expect(await drawnIds()).toContain(taskNode(TASKS[1])));
    await eventually(async () => expect(await inside(node(taskNode(TASKS[1])), node(DAG_GROUP))).toBe(true));
    expect(problems).toEqual([]);
  });

  it('ungroups at a click (kept in the URL) and groups again', async () => {
    await openLineage(datasetNode(bigquery('sales.orders')), 6);
    const toggle = page.getByLabel('Group child jobs under their parent');
    expect(await toggle.isChecked()).toBe(true);
    await toggle.uncheck();
    await eventually(async () => expect(await drawnIds()).not.toContain(DAG_GROUP));
    // On its own a task shows its name with the DAG's again (its middle cut to fit).
    expect(await node(taskNode(TASKS[2])).locator('.lineage-node-name').textContent()).toBe('nightly_sal…load_orders');
    expect(page.url()).toContain('groups=off');
    const ungrouped = await drawnIds();
    expect(ungrouped).toEqual([...TASKS.map(taskNode), ...[CSV, bigquery('staging.orders_raw'), bigquery('staging.orders_clean'), bigquery('sales.orders')].map(datasetNode)].sort());
    expect(await page.locator('.lineage-group').count()).toBe(0);
    await toggle.check();
    await eventually(async () => expect(await drawnIds()).toContain(DAG_GROUP));
    await eventually(async () => expect(await inside(node(taskNode(TASKS[0])), node(DAG_GROUP))).toBe(true));
    expect(problems).toEqual([]);
  });

  it('draws a Spark application around its jobs', async () => {
    await openLineage(datasetNode(ORDERS_DAILY), 4);
    const group = page.getByRole('group', { name: /^Spark application orders_cleanup \(spark-etl\): 2 jobs/ });
    await eventually(async () => expect(await group.count()).toBe(1));
    expect(await group.getAttribute('data-id')).toBe(SPARK_GROUP);
    expect(await group.locator('.lineage-group-name').innerText()).toBe(SPARK_APP);
    for (const job of [SPARK_CLEAN, SPARK_DAILY]) {
      // Long Spark job names lose their middle on the box; the whole name is in its accessible name.
      expect(await node(`job:spark-etl:${job}`).getAttribute('aria-label')).toContain(job);
      expect(await inside(node(`job:spark-etl:${job}`), group)).toBe(true);
    }
    expect(await inside(node(datasetNode(ORDERS_CLEAN)), group)).toBe(true);
    await expectAccessible(page, 'grouped Spark application');
    await screenshot(page, 'lineage-groups-spark');
    expect(problems).toEqual([]);
  });

  it('leaves a lone child job on its own: one task of a DAG in the graph is not boxed', async () => {
    await openLineage(datasetNode(CSV), 1, { direction: 'downstream' });
    expect(await drawnIds()).toEqual([datasetNode(CSV), taskNode(TASKS[0]), datasetNode(bigquery('staging.orders_raw'))].sort());
    expect(await page.locator('.lineage-group').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
