/**
 * The Cockpit UI in a real browser (Debian's Chromium driven by playwright-core) against the real
 * built service (`node dist/main.js serve`): once at the root and once under BASE_PATH=/lineage.
 * Screenshots land in test-artifacts/ui/.
 */
import { randomUUID } from 'node:crypto';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { eventually, expectAccessible, launchChromium, screenshot } from '../support/browser';
import { fixture, fixtureFolder } from '../support/fixtures';
import { InProcessServer } from '../support/in-process-app';
import { startPageServer } from '../support/page-server';

const CTAS_TARGET = 'lake.sales.order_totals';
const TRINO_NAMESPACE = 'trino://trino.analytics.test:8080';
const SPARK_OUTPUT = '/warehouse/sales.db/orders_clean';
const HIVE_SYMLINK = 'sales.orders_clean';

jest.setTimeout(180000);

async function postEvent(store: InProcessServer, basePath: string, body: string): Promise<void> {
  const res = await fetch(`${store.url}${basePath}/api/v1/lineage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  expect({ status: res.status, body: res.status === 201 ? '' : await res.text() }).toEqual({ status: 201, body: '' });
}

/** One run event that reads `count` tables of a Postgres namespace: enough datasets for a second page. */
function manyInputsEvent(count: number): string {
  return JSON.stringify({
    eventType: 'COMPLETE',
    eventTime: '2026-07-16T08:00:00.000Z',
    producer: 'https://example.com/metadata-store/ui-test',
    schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent',
    run: { runId: randomUUID() },
    job: { namespace: 'ui-test', name: 'read_many_tables' },
    inputs: Array.from({ length: count }, (_, i) => ({ namespace: 'postgres://db.example.com:5432', name: `shop.public.table_${String(i).padStart(2, '0')}` })),
    outputs: [],
  });
}

async function datasetNames(page: Page): Promise<string[]> {
  await page.locator('#dataset-results:not([aria-busy])').waitFor();
  return page.locator('table.datasets tbody th a').allTextContents();
}

describe.each([
  { label: 'at the root', basePath: '', tag: 'root' },
  { label: 'under BASE_PATH=/lineage', basePath: '/lineage', tag: 'lineage' },
])('Cockpit UI $label', ({ basePath, tag }) => {
  let store: InProcessServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let home: string;
  const pageErrors: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    store = await startPageServer(basePath ? { BASE_PATH: basePath } : {});
    home = `${store.url}${basePath}/`;
    browser = await launchChromium();
    // bypassCSP: the page's CSP forbids inline scripts, and axe-core is injected as one.
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', timezoneId: 'UTC', bypassCSP: true });
    context.setDefaultTimeout(10000);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('request', (request) => requests.push(request.url()));
  });

  afterAll(async () => {
    await browser?.close();
    await store?.close();
  });

  it('serves the page at {base}/ with relative assets', async () => {
    const res = await fetch(home);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain(`<meta name="base-path" content="${basePath}">`);
    const assets = [...html.matchAll(/(?:src|href)="(assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBe(2);
    for (const asset of assets) {
      const assetRes = await fetch(new URL(asset, home));
      expect(assetRes.status).toBe(200);
      expect(assetRes.headers.get('cache-control')).toContain('immutable');
    }
    expect((await fetch(`${home}assets/missing.js`)).status).toBe(404);
    if (basePath) {
      const bare = await fetch(`${store.url}${basePath}?x=1`, { redirect: 'manual' });
      expect(bare.status).toBe(308);
      expect(bare.headers.get('location')).toBe(`${basePath}/?x=1`);
    }
    const openApi = (await (await fetch(`${home}api/docs-json`)).json()) as { paths: Record<string, unknown> };
    // The UI's routes are not part of the API document (the ingest POST at {base} is).
    expect(Object.keys(openApi.paths).filter((p) => p.includes('/assets'))).toEqual([]);
    for (const p of [basePath || '/', `${basePath}/`]) expect((openApi.paths[p] as { get?: unknown } | undefined)?.get).toBeUndefined();
  });

  it('tells a new user how to point Trino at an empty store', async () => {
    await page.goto(home);
    const config = page.locator('#trino-config');
    await config.waitFor();
    const text = await config.textContent();
    expect(text).toContain('event-listener.name=openlineage');
    expect(text).toContain('openlineage-event-listener.transport.type=HTTP');
    expect(text).toContain(`openlineage-event-listener.transport.url=${store.url}${basePath}\n`);
    expect(text).toContain('openlineage-event-listener.trino.uri=http://<trino-host>:8080');
    await expectAccessible(page, 'empty datasets page');
    await screenshot(page, `${tag}-empty`);
  });

  it('lists the datasets of the Trino fixtures', async () => {
    for (const file of fixtureFolder('trino')) await postEvent(store, basePath, file.text);
    await postEvent(store, basePath, fixture('spark/insert-complete.json').text); // a dataset with a symlink
    await store.projectQueued();
    await page.reload();
    const names = await eventually(async () => {
      const shown = await datasetNames(page);
      expect(shown).toEqual(expect.arrayContaining(['tpch.sf1.orders', CTAS_TARGET, SPARK_OUTPUT, HIVE_SYMLINK]));
      return shown;
    });
    expect(names.length).toBe(7);
    const ordersRow = page.locator('table.datasets tbody tr', { has: page.locator('th a', { hasText: /^tpch\.sf1\.orders$/ }) });
    expect(await ordersRow.locator('td').allTextContents()).toEqual([TRINO_NAMESPACE, 'trino', 'dataset', expect.stringContaining('2026')]);
    expect(await page.locator('.status').textContent()).toBe('7 datasets.');
    await expectAccessible(page, 'datasets page');
    await screenshot(page, `${tag}-datasets`);
  });

  it('narrows the list as the user types, and keeps the search in the URL', async () => {
    await page.keyboard.press('/'); // the shortcut to the search box
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('filter-q');
    await page.keyboard.type('SF1.ORDERS');
    await eventually(async () => expect(await datasetNames(page)).toEqual(['tpch.sf1.orders']));
    await eventually(async () => expect(new URL(page.url()).hash).toBe('#/?q=SF1.ORDERS'));

    // The URL is shareable: a fresh tab shows the same filtered view.
    const shared = await context.newPage();
    await shared.goto(page.url());
    await eventually(async () => expect(await datasetNames(shared)).toEqual(['tpch.sf1.orders']));
    expect(await shared.locator('#filter-q').inputValue()).toBe('SF1.ORDERS');
    await shared.close();

    await page.keyboard.press('Escape'); // clears the search
    await eventually(async () => expect((await datasetNames(page)).length).toBe(7));
    await eventually(async () => expect(new URL(page.url()).hash).toBe('#/'));

    await page.locator('#filter-q').fill('no-such-dataset');
    await eventually(async () => expect(await page.locator('.empty h2').textContent()).toBe('No datasets match'));
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await eventually(async () => expect((await datasetNames(page)).length).toBe(7));
  });

  it('filters by scheme and by namespace', async () => {
    await page.getByLabel('Scheme').selectOption('hive');
    await eventually(async () => expect(await datasetNames(page)).toEqual([HIVE_SYMLINK]));
    await eventually(async () => expect(new URL(page.url()).hash).toBe('#/?scheme=hive'));
    await page.getByLabel('Scheme').selectOption('');
    await page.getByLabel('Namespace').selectOption(TRINO_NAMESPACE);
    await eventually(async () => expect((await datasetNames(page)).length).toBe(4));
    await eventually(async () => expect(new URL(page.url()).hash).toBe(`#/?namespace=${encodeURIComponent(TRINO_NAMESPACE)}`));
    await page.getByLabel('Kind').selectOption('symlink');
    await eventually(async () => expect(await page.locator('.empty h2').textContent()).toBe('No datasets match'));
    await page.goBack(); // history keeps each filter step
    await eventually(async () => expect((await datasetNames(page)).length).toBe(4));
    expect(await page.getByLabel('Kind').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await eventually(async () => expect((await datasetNames(page)).length).toBe(7));
  });

  it('opens a dataset page with the events that named it, each expandable to the raw event', async () => {
    await page.getByRole('link', { name: 'tpch.sf1.customer', exact: true }).click();
    await eventually(async () => expect(await page.locator('h1').textContent()).toBe('tpch.sf1.customer'));
    expect(await page.evaluate('document.activeElement && document.activeElement.tagName')).toBe('H1');
    expect(await page.title()).toBe('tpch.sf1.customer · Metadata Store');
    const identity = await page.locator('dl.identity').innerText();
    expect(identity).toContain(TRINO_NAMESPACE);
    expect(identity).toContain('trino.analytics.test:8080');

    const rows = page.locator('table.events tbody.event > tr:first-child');
    await rows.first().waitFor();
    const summaries = (await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
    expect(summaries.length).toBe(2);
    expect(summaries.join('\n')).toContain('20260301_081802_00043_abcde'); // the INSERT query (job)
    expect(summaries.join('\n')).toMatch(/FAIL/);
    for (const summary of summaries) expect(summary).toContain('input');

    // Keyboard: focus the first "JSON" toggle and open it with Enter.
    const toggle = page.locator('table.events button.toggle').first();
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    const json = panel.locator('pre.json');
    await json.waitFor();
    const raw = JSON.parse((await json.textContent()) ?? '') as { eventType: string; inputs: { name: string }[] };
    expect(raw.inputs.map((i) => i.name)).toContain('tpch.sf1.customer');
    expect(['COMPLETE', 'FAIL']).toContain(raw.eventType);
    expect(await panel.locator('dl.raw-meta').innerText()).toContain('anonymous');

    await expectAccessible(page, 'dataset page');
    await screenshot(page, `${tag}-dataset`);

    await page.keyboard.press('Enter'); // closes again
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isHidden()).toBe(true);

    // Back to the list, keeping where the user was.
    await page.getByRole('link', { name: '← All datasets' }).click();
    await eventually(async () => expect((await datasetNames(page)).length).toBe(7));
  });

  it('links symlinks to their dataset pages, both ways', async () => {
    await page.getByRole('link', { name: SPARK_OUTPUT, exact: true }).click();
    await eventually(async () => expect(await page.locator('h1').textContent()).toBe(SPARK_OUTPUT));
    const symlinkRow = page.locator('section[aria-labelledby="symlinks-title"] tbody tr');
    await symlinkRow.first().waitFor();
    expect((await symlinkRow.innerText()).replace(/\s+/g, ' ')).toContain(`declares hive://metastore:9083 ${HIVE_SYMLINK} TABLE symlink`);
    await symlinkRow.getByRole('link', { name: HIVE_SYMLINK }).click();
    await eventually(async () => expect(await page.locator('h1').textContent()).toBe(HIVE_SYMLINK));
    const back = page.locator('section[aria-labelledby="symlinks-title"] tbody tr');
    await back.first().waitFor();
    expect((await back.innerText()).replace(/\s+/g, ' ')).toContain(`declared by hdfs://namenode:8020 ${SPARK_OUTPUT}`);
    await expectAccessible(page, 'symlink dataset page');
  });

  it('pages forward and back through more datasets than fit on one page', async () => {
    await postEvent(store, basePath, manyInputsEvent(60));
    await store.projectQueued();
    await page.goto(home);
    const first = await eventually(async () => {
      const names = await datasetNames(page);
      expect(names.length).toBe(50);
      return names;
    });
    expect(await page.locator('.page-label').textContent()).toBe('Page 1');
    await page.getByRole('button', { name: 'Next →' }).click();
    const second = await eventually(async () => {
      const names = await datasetNames(page);
      expect(names.length).toBe(17);
      return names;
    });
    expect(second).toContain('tpch.sf1.orders');
    expect(second.filter((n) => first.includes(n))).toEqual([]);
    expect(await page.locator('.page-label').textContent()).toBe('Page 2');
    const hash = new URL(page.url()).hash;
    expect(hash).toMatch(/^#\/\?cursor=[^&]+&prev=$/);

    // A shared page-2 link opens page 2, and can still go back to page 1.
    const shared = await context.newPage();
    await shared.goto(page.url());
    await eventually(async () => expect(await datasetNames(shared)).toEqual(second));
    await shared.getByRole('button', { name: '← Previous' }).click();
    await eventually(async () => expect(await datasetNames(shared)).toEqual(first));
    expect(new URL(shared.url()).hash).toBe('#/');
    expect(await shared.getByRole('button', { name: '← Previous' }).isDisabled()).toBe(true);
    await shared.close();

    await page.goBack();
    await eventually(async () => expect(await datasetNames(page)).toEqual(first));
  });

  it('shows loading and error states, and recovers', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const pattern = `${store.url}${basePath}/api/v1/datasets?**`;
    await page.route(pattern, async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ statusCode: 500, message: 'database is down' }) });
    });
    await page.getByLabel('Search').fill('tpch');
    await eventually(async () => expect(await page.locator('.status').innerText()).toBe('Loading datasets…'));
    expect(await page.locator('#dataset-results').getAttribute('aria-busy')).toBe('true');
    release();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('database is down');
    await expectAccessible(page, 'datasets page with an error');
    await page.unroute(pattern);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await eventually(async () => expect((await datasetNames(page)).length).toBe(2));

    await page.goto(`${home}#/datasets/not-a-uuid`);
    await eventually(async () => expect(await page.locator('h1').textContent()).toBe('Dataset not found'));
    await page.goto(`${home}#/datasets/${randomUUID()}`);
    await eventually(async () => expect(await page.locator('h1').textContent()).toBe('Dataset not found'));
    await page.goto(`${home}#/no/such/page`);
    await eventually(async () => expect(await page.locator('h1').textContent()).toBe('Page not found'));
  });

  it('raised no script errors and stayed under the base path', () => {
    expect(pageErrors).toEqual([]);
    const outside = requests.filter((url) => !url.startsWith(`${store.url}${basePath}/`) && !url.startsWith('data:'));
    expect(outside).toEqual([]);
  });
});
