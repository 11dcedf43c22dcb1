/**
 * The Swagger UI at {base}/api/docs in a real browser (test/support/browser.ts)
 * against the built service: the page must run its script, list the operations, and hold the
 * very document /api/docs-json serves (a `$` in a description once broke the page).
 */
import { Browser } from 'playwright-core';
import { migratedDatabase } from '../ops/ops-support';
import { launchChromium } from '../support/browser';
import { InProcessServer } from '../support/in-process-app';
import { startPageServer } from '../support/page-server';

jest.setTimeout(120000);

describe('Swagger UI at /api/docs', () => {
  let browser: Browser;
  let store: InProcessServer | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  it.each([
    ['at the root', ''],
    ['under BASE_PATH=/lineage', '/lineage'],
  ])('renders %s: the operations are listed and the UI holds the served document', async (_label, basePath) => {
    const databaseUrl = await migratedDatabase('openapi_ui');
    store = await startPageServer(basePath ? { BASE_PATH: basePath } : {}, databaseUrl);
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      await page.goto(`${store.url}${basePath}/api/docs`);
      await page.locator('.opblock-summary-path').first().waitFor({ timeout: 15000 });
      const operations = (await page.locator('.opblock-summary-path').allTextContents()).map((p) => p.replace(/\u200b/g, ''));
      expect(operations).toEqual(
        expect.arrayContaining([`${basePath}/api/v1/lineage`, `${basePath}/api/v1/lineage/batch`, `${basePath}/api/v1/datasets`, `${basePath}/api/v1/datasets/{id}`]),
      );
      expect(await page.locator('.info .title').textContent()).toContain('Metadata Store');
      const served = await (await fetch(`${store.url}${basePath}/api/docs-json`)).json();
      expect(await page.evaluate('window.ui.specSelectors.specJson().toJS()')).toEqual(served);
      expect(JSON.stringify(served)).toContain('`$` is the whole body');
      expect(pageErrors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
