/** The real browser for UI tests: Debian's Chromium driven by playwright-core, axe-core for accessibility. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import { PACKAGE_ROOT } from './store-process';

export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const ARTIFACTS = path.join(PACKAGE_ROOT, 'test-artifacts', 'ui');
const AXE_SOURCE_FILE = require.resolve('axe-core/axe.min.js');

export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing at ${CHROMIUM}: the UI test needs it (Debian: apt-get install -y chromium). It is never skipped.`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
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
