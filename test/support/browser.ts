/**
 * The real browser for UI tests: Debian's Chromium headless shell (the `chromium-headless-shell`
 * package: the same Blink and V8 as `chromium`, without the browser's UI layer; ADR 0038) driven
 * by playwright-core, axe-core for accessibility.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { PACKAGE_ROOT } from './store-process';

export const CHROMIUM = '/usr/bin/chromium-headless-shell';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const ARTIFACTS = path.join(PACKAGE_ROOT, 'test-artifacts', 'ui');
const AXE_SOURCE_FILE = require.resolve('axe-core/axe.min.js');

export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing at ${CHROMIUM}: the UI tests need it (Debian: apt-get install -y chromium-headless-shell). It is never skipped.`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * A page of a new context, in UTC and US English, whose uncaught errors and console errors (React
 * reports a render error it caught there) are pushed to `problems`. bypassCSP: axe-core is
 * injected as an inline script, which the page's CSP forbids (the CSP is tested without it).
 */
export async function watchedPage(
  browser: Browser,
  problems: string[],
  { viewport = { width: 1440, height: 900 }, timeoutMs = 20000 }: { viewport?: { width: number; height: number }; timeoutMs?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC', bypassCSP: true });
  context.setDefaultTimeout(timeoutMs);
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  return { context, page };
}

/** Retries an assertion until it passes (the page updates asynchronously). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** axe-core on the current page: no serious or critical violations. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const injected = await page.evaluate('typeof axe !== "undefined"');
  if (!injected) await page.addScriptTag({ path: AXE_SOURCE_FILE });
  const violations = (await page.evaluate('axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations)')) as AxeViolation[];
  const severe = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  expect(severe).toEqual([]);
}

/** A full-page screenshot in test-artifacts/ui/ (docs/ui.md's come from `npm run screenshots`). */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}
