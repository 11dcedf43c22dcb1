/**
 * The dataset page's Data quality panel in a real browser (Debian's Chromium driven by
 * playwright-core) against the service in this process, listening on a socket, filled with the
 * quality fixtures.
 */
import { Browser, Page } from 'playwright-core';
import { datasetId } from '../../src/openlineage/dataset-identity';
import { eventually, expectAccessible, launchChromium, screenshot } from '../support/browser';
import { fixtureFolder } from '../support/fixtures';
import { InProcessServer } from '../support/in-process-app';
import { startPageServer } from '../support/page-server';

const NS = 'postgres://warehouse.quality.test:5432';

jest.setTimeout(120000);

describe('the Data quality panel of the dataset page', () => {
  let store: InProcessServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    store = await startPageServer();
    for (const file of fixtureFolder('quality')) {
      const res = await fetch(`${store.url}/api/v1/lineage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: file.text });
      expect(res.status).toBe(201);
    }
    await store.projectQueued();
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', timezoneId: 'UTC', bypassCSP: true });
    context.setDefaultTimeout(10000);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await store?.close();
  });

  const panel = () => page.locator('section.quality');

  it('charts the row count of each run, the run that failed an assertion marked', async () => {
    await page.goto(`${store.url}/#/datasets/${datasetId(NS, 'shop.public.orders')}`);
    const chart = panel().locator('svg.row-count-chart');
    await chart.waitFor();
    expect(await panel().locator('h2').textContent()).toBe('Data quality');
    const label = await chart.getAttribute('aria-label');
    expect(label).toMatch(/^Row count per run, oldest first: .*1,000 rows; .*1,200 rows, failed an assertion$/);
    expect(await chart.locator('rect.bar').count()).toBe(2);
    expect(await chart.locator('rect.bar.failed').count()).toBe(1);
    expect(await chart.locator('rect.bar.failed title').textContent()).toMatch(/1,200 rows \(failed an assertion\)$/);
    expect(await panel().locator('figcaption').textContent()).toContain('2 runs, oldest on the left; latest 1,200 rows.');
  });

  it('lists the latest assertions with pass or fail, and the latest column metrics', async () => {
    const rows = panel().locator('table.assertions tbody tr');
    const cells = async () => (await rows.allInnerTexts()).map((t) => t.split('\t').map((c) => c.trim()));
    expect(await cells()).toEqual([
      ['not_null', 'id', 'passed'],
      ['row_count', 'whole dataset', 'passed'],
      ['unique', 'id', 'failed'],
    ]);
    expect(await panel().locator('.assertion-failed').count()).toBe(1);
    expect(await panel().getByRole('link', { name: '01950a00-aaaa-7bbb-8ccc-0123456789b2' }).count()).toBe(1);
    const metrics = (await panel().locator('table.column-metrics tbody tr').allInnerTexts()).map((t) => t.split('\t').map((c) => c.trim()));
    expect(metrics).toEqual([
      ['amount', '0', '1,010', '0.5', '1,250'],
      ['id', '0', '1,198', '1', '1,200'],
    ]);
    await expectAccessible(page, 'dataset page with data quality');
    await screenshot(page, 'dataset-quality');
  });

  it('shows a written dataset its output row counts and says no assertions were reported', async () => {
    await page.goto(`${store.url}/#/datasets/${datasetId(NS, 'shop.public.orders_clean')}`);
    const chart = panel().locator('svg.row-count-chart');
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toMatch(/997 rows; .*1,198 rows$/);
    await eventually(async () => expect(await panel().innerText()).toContain('No run has reported assertions on this dataset.'));
    await expectAccessible(page, 'dataset page of a written dataset');
    expect(pageErrors).toEqual([]);
  });
});
