import { randomUUID } from 'node:crypto';
import { Browser, Page } from 'playwright-core';
import { eventually, launchChromium, screenshot } from '../support/browser';
import { InProcessServer } from '../support/in-process-app';
import { startPageServer } from '../support/page-server';
import { MarquezWeb, serveMarquezWeb, unpackMarquezWeb } from '../support/marquez-web';

const NS = 'warehouse';

function run(job: string, input: string, output: string) {
  return {
    eventType: 'COMPLETE',
    eventTime: '2026-06-01T10:00:00Z',
    producer: 'https://example.com/etl',
    run: { runId: randomUUID() },
    job: { namespace: NS, name: job },
    inputs: [{ namespace: NS, name: input }],
    outputs: [{ namespace: NS, name: output }],
  };
}

/** What the page did: every API call's method, path and status, page errors, and the error toasts' texts. */
function watch(page: Page) {
  const calls: Array<{ method: string; path: string; status: number }> = [];
  const errors: string[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/api/')) calls.push({ method: res.request().method(), path: `${url.pathname}${url.search}`, status: res.status() });
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { calls, errors };
}

/** Marquez's UI build is kept in the repository (test/marquez-web/SOURCE.md, ADR 0032). */
describe("Marquez's own web UI (0.51): the DELETE buttons", () => {
  let store: InProcessServer;
  let ui: MarquezWeb;
  let build: ReturnType<typeof unpackMarquezWeb>;
  let browser: Browser;

  beforeAll(async () => {
    store = await startPageServer();
    for (const event of [run('load_orders', 'raw_orders', 'staging_orders'), run('build_mart', 'staging_orders', 'mart_orders')]) {
      expect((await store.request('POST', '/api/v1/lineage', event)).status).toBe(201);
    }
    await store.projectQueued();
    build = unpackMarquezWeb();
    ui = await serveMarquezWeb(build.dist, store.url);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await ui?.close();
    await store?.close();
    build?.remove();
  });

  it.each([
    ['dataset', 'mart_orders', '/datasets', `/api/v1/namespaces/${NS}/datasets/mart_orders`],
    ['job', 'build_mart', '/', `/api/v1/namespaces/${NS}/jobs/build_mart`],
  ])('the %s drawer’s DELETE, confirmed, deletes %s and leaves for %s', async (type, name, leavesFor, deletePath) => {
    const page = await browser.newPage();
    // The UI's bundle is 12 MB: on a loaded machine its first load takes a while.
    page.setDefaultTimeout(120_000);
    const { calls, errors } = watch(page);
    try {
      await page.goto(`${ui.url}/lineage/${type}/${NS}/${name}?tableLevelNode=${type}:${NS}:${name}`);
      await page.getByRole('button', { name: 'DELETE', exact: true }).click();
      await page.getByText('Are you sure?').waitFor();
      await page.getByRole('button', { name: 'Continue' }).click();
      await eventually(async () => expect(calls).toContainEqual({ method: 'DELETE', path: deletePath, status: 200 }));
      await eventually(async () => expect(new URL(page.url()).pathname).toBe(leavesFor));
      if (type === 'dataset') {
        // The Datasets page it lands on lists the others, not the deleted one.
        await page.getByRole('link', { name: 'raw_orders' }).waitFor();
        expect(await page.getByText(name, { exact: true }).count()).toBe(0);
      }
      await screenshot(page, `marquez-ui-deleted-${type}`);
      expect(errors).toEqual([]);
      expect(calls.filter((c) => c.status >= 300)).toEqual([]);
      const list = type === 'dataset' ? 'datasets' : 'jobs';
      const names = (await store.request('GET', `/api/v1/namespaces/${NS}/${list}`)).body[list].map((n: { name: string }) => n.name);
      expect(names).not.toContain(name);
    } finally {
      await page.close();
    }
  });
});
