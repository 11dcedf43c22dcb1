/**
 * The UI's API types (web/src/api/schema.d.ts) are generated from the service's OpenAPI document
 * and committed; this fails when they are stale, so a change of the API reaches the UI's typecheck.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PACKAGE_ROOT } from '../support/store-process';
import { InProcessServer, startInProcessServer } from '../support/in-process-app';
import { runProgram } from '../support/run-program';

const SCRIPT = path.join(PACKAGE_ROOT, 'scripts', 'ui-types.mjs');
const COMMITTED = path.join(PACKAGE_ROOT, 'web', 'src', 'api', 'schema.d.ts');

describe('the UI’s generated API types', () => {
  let store: InProcessServer;

  beforeAll(async () => {
    store = await startInProcessServer({ PROJECTION_WORKERS: '0' });
  });
  afterAll(async () => {
    await store?.close();
  });

  const check = (file: string) => runProgram(process.execPath, [SCRIPT, '--url', store.url, '--check', '--file', file], { cwd: PACKAGE_ROOT });

  it('match what openapi-typescript generates from the service’s /api/docs-json', async () => {
    const result = await check(COMMITTED);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/schema\.d\.ts matches the service's document \(\d+ paths\)/);
    expect(result.status).toBe(0);
  });

  it('are reported stale when they differ from the document', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-types-'));
    try {
      const stale = path.join(dir, 'schema.d.ts');
      const committed = fs.readFileSync(COMMITTED, 'utf8');
      expect(committed).toContain('"/api/v1/lineage": {');
      fs.writeFileSync(stale, committed.replace('"/api/v1/lineage": {', '"/api/v1/lineage-old": {'));
      const result = await check(stale);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/schema\.d\.ts is stale .* run `npm run ui:types` and commit it/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
