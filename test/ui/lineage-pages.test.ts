/**
 * The lineage, job, run, search and overview pages in a real browser against the real built service,
 * on a small Trino-like graph posted through the ingest API:
 *
 *   raw.orders -> ui.load_clean -> clean.orders -> ui.daily_sales -> mart.daily_sales
 *   (load_clean ran first; daily_sales ran 1 h later, and again 2 h later, failing)
 *   columns: raw.orders.amount -> clean.orders.amount -> mart.daily_sales.total
 *
 * The lineage tests change every graph parameter inside one page (direction, depth, the start
 * node, as of, column level) and go back to settings already seen, which the page answers from
 * its cache: the path that once drew nothing.
 */
import { randomUUID } from 'node:crypto';
import { Browser, Page } from 'playwright-core';
import { eventually, expectAccessible, launchChromium, screenshot, watchedPage } from '../support/browser';
import { InProcessServer } from '../support/in-process-app';
import { filledPageServer } from '../support/page-server';

jest.setTimeout(240000);

const NS = 'trino://ui-test:8080';
const node = (kind: 'dataset' | 'job', name: string) => `${kind}:${NS}:${name}`;
const RAW = node('dataset', 'raw.orders');
const LOAD = node('job', 'ui.load_clean');
const CLEAN = node('dataset', 'clean.orders');
const DAILY = node('job', 'ui.daily_sales');
const MART = node('dataset', 'mart.daily_sales');
const WHOLE_GRAPH = { nodes: [RAW, LOAD, CLEAN, DAILY, MART].sort(), edges: [`${RAW} -> ${LOAD}`, `${LOAD} -> ${CLEAN}`, `${CLEAN} -> ${DAILY}`, `${DAILY} -> ${MART}`].sort() };
const DAILY_SQL = 'INSERT INTO mart.daily_sales SELECT date_trunc(\'day\', ts) AS day, sum(amount) AS total FROM clean.orders GROUP BY 1';

const HOUR = 3600 * 1000;
// Recent times, so the overview's last-24-hours chart counts them.
const t0 = Math.floor((Date.now() - 3 * HOUR) / 1000) * 1000;
const at = (ms: number) => new Date(t0 + ms).toISOString();
/** Between the first job's run and the second's: the graph then had only the first job's edges. */
const BEFORE_DAILY = at(HOUR / 2);
const field = (ds: string, f: string) => `datasetField:${NS}:${ds}:${f}`;
/** Column level from clean.orders: its fields, the field it was computed from and the field computed from it. */
const COLUMN_GRAPH_NODES = [field('clean.orders', 'id'), field('clean.orders', 'amount'), field('clean.orders', 'ts'), field('raw.orders', 'amount'), field('mart.daily_sales', 'total')].sort();

interface DatasetRef {
  name: string;
  fields?: [string, string][];
  columnLineage?: Record<string, [string, string][]>;
}

function dataset({ name, fields, columnLineage }: DatasetRef) {
  const facets: Record<string, unknown> = {};
  const facetBase = { _producer: 'https://example.com/ui-test', _schemaURL: 'https://openlineage.io/spec/facets/1-1-1/SchemaDatasetFacet.json' };
  if (fields) facets.schema = { ...facetBase, fields: fields.map(([n, type]) => ({ name: n, type })) };
  if (columnLineage) {
    facets.columnLineage = {
      ...facetBase,
      _schemaURL: 'https://openlineage.io/spec/facets/1-2-0/ColumnLineageDatasetFacet.json',
      fields: Object.fromEntries(
        Object.entries(columnLineage).map(([field, inputs]) => [
          field,
          { inputFields: inputs.map(([ds, f]) => ({ namespace: NS, name: ds, field: f, transformations: [{ type: 'DIRECT', subtype: 'AGGREGATION' }] })) },
        ]),
      ),
    };
  }
  return { namespace: NS, name, facets };
}

function runEvent(eventType: string, time: string, runId: string, job: string, inputs: DatasetRef[], outputs: DatasetRef[], sql: string) {
  return {
    eventType,
    eventTime: time,
    producer: 'https://github.com/trinodb/trino/plugin/trino-openlineage',
    schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent',
    run: { runId, facets: { processing_engine: { _producer: 'https://example.com/ui-test', _schemaURL: 'https://openlineage.io/spec/facets/1-1-1/ProcessingEngineRunFacet.json', version: '476', name: 'trino' } } },
    job: {
      namespace: NS,
      name: job,
      facets: {
        jobType: { _producer: 'https://example.com/ui-test', _schemaURL: 'https://openlineage.io/spec/facets/2-0-3/JobTypeJobFacet.json', processingType: 'BATCH', integration: 'TRINO', jobType: 'QUERY' },
        sql: { _producer: 'https://example.com/ui-test', _schemaURL: 'https://openlineage.io/spec/facets/1-1-0/SQLJobFacet.json', query: sql },
      },
    },
    inputs: inputs.map(dataset),
    outputs: outputs.map(dataset),
  };
}

function events(): unknown[] {
  const raw: DatasetRef = { name: 'raw.orders', fields: [['id', 'bigint'], ['amount', 'integer'], ['ts', 'timestamp']] };
  const clean: DatasetRef = { name: 'clean.orders', fields: [['id', 'bigint'], ['amount', 'decimal(10,2)'], ['ts', 'timestamp']], columnLineage: { amount: [['raw.orders', 'amount']] } };
  const mart: DatasetRef = { name: 'mart.daily_sales', fields: [['day', 'date'], ['total', 'decimal(18,2)']], columnLineage: { total: [['clean.orders', 'amount']] } };
  const loadSql = 'INSERT INTO clean.orders SELECT id, CAST(amount AS decimal(10,2)), ts FROM raw.orders';
  const load = randomUUID();
  const daily1 = randomUUID();
  const daily2 = randomUUID();
  return [
    runEvent('START', at(0), load, 'ui.load_clean', [raw], [clean], loadSql),
    runEvent('COMPLETE', at(5 * 60000), load, 'ui.load_clean', [raw], [clean], loadSql),
    runEvent('START', at(HOUR), daily1, 'ui.daily_sales', [clean], [mart], DAILY_SQL),
    runEvent('COMPLETE', at(HOUR + 2 * 60000), daily1, 'ui.daily_sales', [clean], [mart], DAILY_SQL),
    runEvent('START', at(2 * HOUR), daily2, 'ui.daily_sales', [clean], [mart], DAILY_SQL),
    runEvent('FAIL', at(2 * HOUR + 60000), daily2, 'ui.daily_sales', [clean], [mart], DAILY_SQL),
  ];
}

describe('Lineage, job, run, search and overview pages', () => {
  let store: InProcessServer;
  let browser: Browser;
  let page: Page;
  let home: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    store = await filledPageServer(events());
    home = `${store.url}/`;
    browser = await launchChromium();
    ({ page } = await watchedPage(browser, pageErrors, { viewport: { width: 1280, height: 860 } }));
  });

  afterAll(async () => {
    await browser?.close();
    await store?.close();
  });

  /** What the graph draws: the ids of its nodes and its edges as "source -> target". */
  async function drawn(p: Page): Promise<{ nodes: string[]; edges: string[] }> {
    await p.locator('.graph-frame:not([aria-busy]) .react-flow__node').first().waitFor();
    const nodes = await p.locator('.react-flow__node').evaluateAll((els) => els.map((el) => el.getAttribute('data-id') ?? ''));
    const edges = await p.locator('.react-flow__edge').evaluateAll((els) => els.map((el) => (el.getAttribute('data-testid') ?? '').replace(/^rf__edge-/, '')));
    return { nodes: nodes.sort(), edges: edges.map((e) => e.replace('->', ' -> ')).sort() };
  }

  /** At column level the graph draws tables holding their columns: the columns, and the edges between them. */
  async function drawnColumns(p: Page): Promise<{ nodes: string[]; edges: string[] }> {
    await p.locator('.graph-frame:not([aria-busy]) .react-flow__node').first().waitFor();
    const nodes = await p.locator('[data-column-id]').evaluateAll((els) => els.map((el) => el.getAttribute('data-column-id') ?? ''));
    const edges = await p.locator('.react-flow__edge').evaluateAll((els) => els.map((el) => (el.getAttribute('data-testid') ?? '').replace(/^rf__edge-/, '')));
    return { nodes: nodes.sort(), edges: edges.map((e) => e.replace('->', ' -> ')).sort() };
  }

  const lineageUrl = (params: Record<string, string>) => `${home}#/lineage?${new URLSearchParams(params).toString()}`;

  it('draws the graph around a dataset in both directions, and opens a node’s panel', async () => {
    await page.goto(lineageUrl({ nodeId: CLEAN, depth: '5' }));
    await eventually(async () => expect(await page.locator('h1').textContent()).toBe('Lineage of clean.orders'));
    const graph = await eventually(async () => {
      const g = await drawn(page);
      expect(g.nodes.length).toBe(5);
      return g;
    });
    expect(graph.nodes).toEqual([CLEAN, MART, RAW, DAILY, LOAD].sort());
    expect(graph.edges).toEqual([`${RAW} -> ${LOAD}`, `${LOAD} -> ${CLEAN}`, `${CLEAN} -> ${DAILY}`, `${DAILY} -> ${MART}`].sort());
    await eventually(async () => expect(await page.locator('.lineage-page .status').textContent()).toBe('5 nodes and 4 edges.'));
    expect(await page.locator('.lineage-node.is-focus').textContent()).toContain('clean.orders');

    await page.locator(`.react-flow__node[data-id="${DAILY}"]`).click();
    const panel = page.locator('aside.node-panel');
    await eventually(async () => expect(await panel.locator('h2').innerText()).toMatch(/Job\s+ui\.daily_sales/));
    expect(await panel.innerText()).toMatch(/Upstream\s+1 in this graph\s+Downstream\s+1 in this graph/);
    await eventually(async () => expect(new URL(page.url()).hash).toContain(`selected=${encodeURIComponent(DAILY)}`));
    await expectAccessible(page, 'lineage page');
    await screenshot(page, 'lineage-both');
  });

  it('follows one direction, then both again', async () => {
    await page.getByLabel('Direction').selectOption('upstream');
    await eventually(async () => expect(await drawn(page)).toEqual({ nodes: [CLEAN, RAW, LOAD].sort(), edges: [`${RAW} -> ${LOAD}`, `${LOAD} -> ${CLEAN}`].sort() }));
    await eventually(async () => expect(new URL(page.url()).hash).toContain('direction=upstream'));

    await page.getByLabel('Direction').selectOption('downstream');
    await eventually(async () => expect(await drawn(page)).toEqual({ nodes: [CLEAN, MART, DAILY].sort(), edges: [`${CLEAN} -> ${DAILY}`, `${DAILY} -> ${MART}`].sort() }));

    await page.getByLabel('Direction').selectOption('both');
    await eventually(async () => expect(await drawn(page)).toEqual(WHOLE_GRAPH));
    await eventually(async () => expect(await page.locator('.lineage-page .status').textContent()).toBe('5 nodes and 4 edges.'));
  });

  it('starts again from another node, and follows the depth', async () => {
    await page.locator(`.react-flow__node[data-id="${RAW}"]`).click();
    await page.getByRole('button', { name: 'Center the graph here' }).click();
    await eventually(async () => expect(await page.locator('h1').textContent()).toBe('Lineage of raw.orders'));
    await eventually(async () => expect(await drawn(page)).toEqual(WHOLE_GRAPH));

    // Depth counts jobs: one job away from raw.orders is ui.load_clean and what it writes.
    await page.getByLabel('Depth').selectOption('1');
    await eventually(async () => expect(await drawn(page)).toEqual({ nodes: [RAW, LOAD, CLEAN].sort(), edges: [`${RAW} -> ${LOAD}`, `${LOAD} -> ${CLEAN}`].sort() }));
    await eventually(async () => expect(new URL(page.url()).hash).toContain('depth=1'));

    await page.getByLabel('Depth').selectOption('2');
    await eventually(async () => expect(await drawn(page)).toEqual(WHOLE_GRAPH));
    await page.getByLabel('Depth').selectOption('1');
    await eventually(async () => expect((await drawn(page)).nodes).toEqual([RAW, LOAD, CLEAN].sort()));
    await page.getByLabel('Depth').selectOption('5');
    await eventually(async () => expect(await drawn(page)).toEqual(WHOLE_GRAPH));
  });

  it('shows the graph as it stood at an earlier time, and now again', async () => {
    await page.goto(lineageUrl({ nodeId: CLEAN, depth: '5', direction: 'both' })); // the hash only: the same page
    await eventually(async () => expect(await drawn(page)).toEqual(WHOLE_GRAPH));
    await page.getByLabel('As of (UTC)').fill(BEFORE_DAILY.slice(0, 19));
    await page.getByRole('button', { name: 'Show as of' }).click();
    await eventually(async () => expect(await drawn(page)).toEqual({ nodes: [CLEAN, RAW, LOAD].sort(), edges: [`${RAW} -> ${LOAD}`, `${LOAD} -> ${CLEAN}`].sort() }));
    await eventually(async () => expect(await page.locator('.lineage-page .status').textContent()).toBe(`3 nodes and 2 edges, as of ${BEFORE_DAILY}.`));
    await eventually(async () => expect(new URL(page.url()).hash).toContain(`asOf=${encodeURIComponent(BEFORE_DAILY)}`));
    await expectAccessible(page, 'lineage page as of an earlier time');
    await screenshot(page, 'lineage-as-of');

    await page.getByRole('button', { name: 'Now' }).click();
    await eventually(async () => expect(await drawn(page)).toEqual(WHOLE_GRAPH));
    expect(await page.getByLabel('As of (UTC)').inputValue()).toBe('');
  });

  it('draws column lineage, one direction at a time, as of an earlier time too, and tables again', async () => {
    await page.getByRole('radio', { name: 'Columns' }).check();
    await eventually(async () =>
      expect(await drawnColumns(page)).toEqual({
        nodes: COLUMN_GRAPH_NODES,
        edges: [`${field('raw.orders', 'amount')} -> ${field('clean.orders', 'amount')}`, `${field('clean.orders', 'amount')} -> ${field('mart.daily_sales', 'total')}`].sort(),
      }),
    );
    await eventually(async () => expect(new URL(page.url()).hash).toContain('level=column'));
    await expectAccessible(page, 'column lineage');
    await screenshot(page, 'lineage-columns');

    await page.getByLabel('Direction').selectOption('downstream');
    await eventually(async () =>
      expect(await drawnColumns(page)).toEqual({
        nodes: [field('clean.orders', 'id'), field('clean.orders', 'amount'), field('clean.orders', 'ts'), field('mart.daily_sales', 'total')].sort(),
        edges: [`${field('clean.orders', 'amount')} -> ${field('mart.daily_sales', 'total')}`],
      }),
    );
    await page.getByLabel('Direction').selectOption('upstream');
    await eventually(async () =>
      expect(await drawnColumns(page)).toEqual({
        nodes: [field('clean.orders', 'id'), field('clean.orders', 'amount'), field('clean.orders', 'ts'), field('raw.orders', 'amount')].sort(),
        edges: [`${field('raw.orders', 'amount')} -> ${field('clean.orders', 'amount')}`],
      }),
    );
    await page.getByLabel('Direction').selectOption('both');
    await eventually(async () => expect((await drawnColumns(page)).nodes).toEqual(COLUMN_GRAPH_NODES));

    // From the keyboard this time: Enter in the time field shows the graph as of then.
    await page.getByLabel('As of (UTC)').fill(BEFORE_DAILY.slice(0, 19));
    await page.getByLabel('As of (UTC)').press('Enter');
    await eventually(async () => expect((await drawnColumns(page)).edges).toEqual([`${field('raw.orders', 'amount')} -> ${field('clean.orders', 'amount')}`]));
    expect((await drawnColumns(page)).nodes).not.toContain(field('mart.daily_sales', 'total'));
    await page.getByRole('button', { name: 'Now' }).click();
    await eventually(async () => expect((await drawnColumns(page)).nodes).toEqual(COLUMN_GRAPH_NODES));

    await page.getByRole('radio', { name: 'Tables' }).check();
    await eventually(async () => expect(await drawn(page)).toEqual(WHOLE_GRAPH));
    expect(new URL(page.url()).hash).not.toContain('level=');
  });

  it('is usable from the keyboard: a node opens with Enter, its panel leads to the job page', async () => {
    await eventually(async () => expect((await drawn(page)).nodes.length).toBe(5));
    const target = page.locator(`.react-flow__node[data-id="${DAILY}"]`);
    expect(await target.getAttribute('aria-label')).toBe(`Job ui.daily_sales ${NS}`);
    // Tab from the settings into the graph until the job node has the focus.
    await page.getByLabel('As of (UTC)').focus();
    let reached = false;
    for (let i = 0; i < 20 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = (await page.evaluate('document.activeElement && document.activeElement.getAttribute("data-id")')) === DAILY;
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    const panel = page.locator('aside.node-panel');
    await eventually(async () => expect(await panel.locator('h2').innerText()).toMatch(/ui\.daily_sales/));
    await panel.getByRole('link', { name: 'Open the job page' }).focus();
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await page.locator('h1').textContent()).toBe('ui.daily_sales'));
    expect(await page.evaluate('document.activeElement && document.activeElement.tagName')).toBe('H1');
  });

  it('shows a job: type, highlighted SQL, runs with state and duration, inputs and outputs', async () => {
    expect(await page.locator('dl.identity').innerText()).toContain('BATCH');
    const sql = page.getByRole('region', { name: 'SQL of ui.daily_sales' });
    expect(await sql.textContent()).toBe(DAILY_SQL);
    expect(await sql.locator('.sql-keyword').allTextContents()).toEqual(expect.arrayContaining(['INSERT', 'INTO', 'SELECT', 'FROM', 'GROUP', 'BY']));
    const rows = page.locator('table.runs tbody tr');
    await eventually(async () => expect(await rows.count()).toBe(2));
    const runs = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    expect(runs[0]).toMatch(/FAILED .* 1 min 0 s$/);
    expect(runs[1]).toMatch(/COMPLETED .* 2 min 0 s$/);
    expect(await page.getByRole('img', { name: /Duration of the last 2 finished runs/ }).count()).toBe(1);
    expect(await page.getByRole('list', { name: 'Reads' }).innerText()).toContain('clean.orders');
    expect(await page.getByRole('list', { name: 'Writes' }).innerText()).toContain('mart.daily_sales');
    await expectAccessible(page, 'job page');
    await screenshot(page, 'job');
  });

  it('shows a run: state, times, facets as expandable JSON, dataset versions read and written', async () => {
    await page.locator('table.runs tbody tr').first().getByRole('link').click();
    await eventually(async () => expect(await page.locator('h1').textContent()).toMatch(/^Run [0-9a-f-]{36}$/));
    const about = page.locator('section[aria-labelledby="run-about-title"]');
    await eventually(async () => expect(await about.innerText()).toContain('FAILED'));
    expect(await about.innerText()).toContain('1 min 0 s');
    expect(await page.getByRole('list', { name: 'Dataset versions read' }).innerText()).toContain('clean.orders');
    expect(await page.getByRole('list', { name: 'Dataset versions written' }).innerText()).toContain('mart.daily_sales');
    const facet = page.locator('details.facet', { hasText: 'processing_engine' });
    await facet.locator('summary').focus();
    await page.keyboard.press('Enter');
    const json = JSON.parse((await facet.locator('pre.json').textContent()) ?? '') as { name: string; version: string };
    expect(json).toMatchObject({ name: 'trino', version: '476' });
    // The run's lineage: its job's graph as of the run's last event (the FAIL), as nodeId=run:{id} answers.
    const atRun = new URL((await page.getByRole('link', { name: 'Lineage at this run' }).getAttribute('href')) ?? '', 'http://ui/').hash;
    const atRunSearch = new URLSearchParams(atRun.slice(atRun.indexOf('?')));
    expect([atRunSearch.get('nodeId'), atRunSearch.get('asOf')]).toEqual([DAILY, at(2 * HOUR + 60000)]);
    await expectAccessible(page, 'run page');
    await screenshot(page, 'run');
    await page.getByRole('link', { name: 'mart.daily_sales', exact: true }).click();
    await eventually(async () => expect(await page.locator('h1').textContent()).toBe('mart.daily_sales'));
  });

  it('shows a dataset’s schema, versions and the jobs around it, with a link to its lineage', async () => {
    const schema = page.locator('table.schema tbody tr');
    await eventually(async () => expect(await schema.count()).toBe(2));
    expect((await schema.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual(['day date —', 'total decimal(18,2) —'].map((t) => expect.stringContaining(t)));
    const jobs = page.locator('section[aria-labelledby="jobs-title"]');
    await eventually(async () => expect(await jobs.innerText()).toContain('ui.daily_sales'));
    expect(await jobs.innerText()).toContain('No job reads this dataset.');
    await eventually(async () => expect(await page.locator('table.versions tbody tr').count()).toBeGreaterThan(0));
    await expectAccessible(page, 'dataset page');
    await screenshot(page, 'dataset');
    await page.getByRole('link', { name: 'Lineage graph' }).click();
    await eventually(async () => expect((await drawn(page)).nodes).toContain(MART));
  });

  it('searches jobs and datasets from any page', async () => {
    await page.getByLabel('Find a job or dataset by name').fill('daily');
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await page.locator('h1').textContent()).toBe('Jobs and datasets matching “daily”'));
    const rows = page.locator('table.search-results tbody tr');
    await eventually(async () => expect(await rows.count()).toBe(2));
    const texts = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    expect(texts.some((t) => t.startsWith('job ui.daily_sales'))).toBe(true);
    expect(texts.some((t) => t.startsWith('dataset mart.daily_sales'))).toBe(true);
    await expectAccessible(page, 'search page');
    await screenshot(page, 'search');
    await page.getByRole('link', { name: 'ui.daily_sales', exact: true }).click();
    await eventually(async () => expect(await page.locator('h1').textContent()).toBe('ui.daily_sales'));
  });

  it('shows ingest activity, counts and recent failed runs on the overview', async () => {
    await page.getByRole('link', { name: 'Overview', exact: true }).click();
    await eventually(async () => expect(await page.locator('h1').textContent()).toBe('Overview'));
    await eventually(async () => expect(await page.locator('[data-count="datasets"]').textContent()).toBe('3'));
    await eventually(async () => expect(await page.locator('[data-count="jobs"]').textContent()).toBe('2'));
    await page.getByText('The numbers').click();
    const counts = (await page.locator('table.activity-table tbody tr').allInnerTexts()).map((row) => row.split('\t').slice(1).map(Number));
    const sums = counts.reduce((acc, row) => acc.map((v, i) => v + row[i]), [0, 0, 0, 0]);
    expect(await page.locator('table.activity-table tbody tr').count()).toBe(24);
    expect(sums).toEqual([2, 3, 1, 0]); // complete, start, fail, abort
    const failed = page.locator('table.failed-runs tbody tr');
    await eventually(async () => expect(await failed.count()).toBe(1));
    expect((await failed.innerText()).replace(/\s+/g, ' ')).toContain('ui.daily_sales');
    await page.getByRole('button', { name: 'Last 7 days, per day' }).click();
    await eventually(async () => expect(await page.locator('table.activity-table tbody tr').count()).toBe(7));
    await expectAccessible(page, 'overview');
    await screenshot(page, 'overview');
  });

  it('runs under the real Content-Security-Policy: the layout worker loads, nothing is refused', async () => {
    const strict = await browser.newContext({ viewport: { width: 1280, height: 860 }, timezoneId: 'UTC' });
    const tab = await strict.newPage();
    const refused: string[] = [];
    tab.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    await tab.addInitScript("document.addEventListener('securitypolicyviolation', (e) => console.error('Refused to load: CSP ' + e.violatedDirective + ' ' + e.blockedURI))");
    await tab.goto(lineageUrl({ nodeId: CLEAN, depth: '5' }));
    await eventually(async () => expect((await drawn(tab)).nodes.length).toBe(5), 30000);
    await tab.goto(`${home}#/overview`);
    await eventually(async () => expect(await tab.locator('[data-count="jobs"]').textContent()).toBe('2'));
    expect(refused).toEqual([]);
    await strict.close();
  });

  it('raised no script errors', () => {
    expect(pageErrors).toEqual([]);
  });
});

describe('Lineage page at about 500 nodes', () => {
  const JOBS = 240; // one hub read by 240 jobs, each writing its own table: 481 nodes, 480 edges
  let store: InProcessServer;
  let browser: Browser;

  beforeAll(async () => {
    const fan = Array.from({ length: JOBS }, (_, i) =>
      runEvent('COMPLETE', at(i * 1000), randomUUID(), `fan.job_${i}`, [{ name: 'fan.hub' }], [{ name: `fan.out_${i}` }], `INSERT INTO fan.out_${i} SELECT * FROM fan.hub`),
    );
    store = await filledPageServer(fan);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await store?.close();
  });

  it('lays the graph out off the main thread, draws it, and pans and zooms', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 }, timezoneId: 'UTC' })).newPage();
    await page.goto(`${store.url}/#/lineage?${new URLSearchParams({ nodeId: node('dataset', 'fan.hub'), depth: '3', direction: 'downstream' }).toString()}`);
    // With the error's text, if the page shows one instead of the count.
    const statusAndError = async () => (await page.locator('.lineage-page .status, .lineage-page [role="alert"]').allInnerTexts()).join(' ');
    await eventually(async () => expect(await statusAndError()).toBe(`${2 * JOBS + 1} nodes and ${2 * JOBS} edges.`), 30000);
    // While ELK works, the page still answers: the search box takes text.
    await page.getByLabel('Find a job or dataset by name').fill('still responsive');
    expect(await page.getByLabel('Find a job or dataset by name').inputValue()).toBe('still responsive');
    await page.locator('.graph-frame:not([aria-busy]) .react-flow__node').first().waitFor({ timeout: 60000 });
    // Only what is in view is in the DOM, once React Flow has measured the nodes it first renders all of.
    await eventually(async () => {
      const inDom = await page.locator('.react-flow__node').count();
      expect(inDom).toBeGreaterThan(0);
      expect(inDom).toBeLessThan(2 * JOBS + 1);
    });
    const transform = () => page.locator('.react-flow__viewport').getAttribute('style');
    const before = await transform();
    await page.getByRole('button', { name: 'Zoom Out' }).click(); // the first view shows the hub's neighbourhood, not all 481 nodes
    await eventually(async () => expect(await transform()).not.toBe(before));
    expect(await page.locator('.warning').count()).toBe(0); // not cut: the whole graph is there
    await page.close();
  });
});
