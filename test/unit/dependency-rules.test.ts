/**
 * DESIGN section 7's "nevers", checked by `npm run check:deps` (dependency-cruiser with
 * .dependency-cruiser.cjs): the project's own code must pass, and a copy of the layout with one
 * crossing per rule must fail, each crossing named by its rule.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const PACKAGE_ROOT = path.join(__dirname, '..', '..');
const CHECK = path.join(PACKAGE_ROOT, 'scripts', 'check-deps.mjs');
/** One cruise of the project takes seconds; on a loaded machine more than jest's default 5 s. */
const CRUISE_TIMEOUT_MS = 60_000;

function checkDeps(cwd: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [CHECK], { cwd, encoding: 'utf8', timeout: CRUISE_TIMEOUT_MS });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Writes `files` (path relative to `root` -> contents) under `root`. */
function writeTree(root: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
}

describe('dependency rules (npm run check:deps)', () => {
  it('finds no crossing in the project', () => {
    const { status, output } = checkDeps(PACKAGE_ROOT);
    expect(output).toContain('no dependency violations found');
    expect(status).toBe(0);
  }, CRUISE_TIMEOUT_MS);

  describe('on a layout with one crossing per rule', () => {
    let root: string;
    let result: { status: number | null; output: string };

    beforeAll(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'dependency-rules-'));
      writeTree(root, {
        'src/openlineage/identity.ts': "export const namespaceOf = (name: string) => name;\n",
        'src/openlineage/reaches-read.ts': "import { listDatasets } from '../read/datasets';\nexport const use = listDatasets;\n",
        'src/read/datasets.ts': "export const listDatasets = () => [];\n",
        'src/read/reaches-projection.ts': "import { project } from '../projection/project';\nexport const use = project;\n",
        'src/projection/project.ts': "export const project = () => undefined;\n",
        'src/log/reaches-ingest.ts': "import type { Ingest } from '../ingest/ingest';\nexport type Use = Ingest;\n",
        'src/database/reaches-root.ts': "import { AppModule } from '../app.module';\nexport const use = AppModule;\n",
        'src/log/reaches-new-feature.ts': "import { relay } from '../relay/relay';\nexport const use = relay;\n",
        'src/relay/relay.ts': "import { namespaceOf } from '../openlineage/identity';\nexport const relay = namespaceOf;\n",
        'src/app.module.ts': 'export class AppModule {}\n',
        'src/ingest/ingest.ts': "import { namespaceOf } from '../openlineage/identity';\nexport type Ingest = typeof namespaceOf;\n",
        'src/core/observability/reaches-marquez.ts': "import { routes } from '../../marquez/routes';\nexport const use = routes;\n",
        'src/marquez/routes.ts': "import { listDatasets } from '../read/datasets';\nexport const routes = [listDatasets];\n",
        'src/read/missing.ts': "import { gone } from '../nowhere/gone';\nexport const use = gone;\n",
        'src/read/unbuilt-package.ts': "import { built } from '@metadata-store/not-built-yet';\nexport const use = built;\n",
        'packages/openlineage-client/src/index.ts': "import { namespaceOf } from '../../../src/openlineage/identity.js';\nexport const use = namespaceOf;\n",
        'packages/openlineage-client/test/posts-to-the-store.test.ts': "import { AppModule } from '../../../src/app.module';\nexport const use = AppModule;\n",
      });
      result = checkDeps(root);
    }, CRUISE_TIMEOUT_MS);

    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

    it('fails', () => {
      expect(result.status).not.toBe(0);
    });

    it.each([
      ['openlineage-imports-nothing-else-from-src', 'src/openlineage/reaches-read.ts', 'src/read/datasets.ts'],
      ['read-imports-no-ingest-or-projection', 'src/read/reaches-projection.ts', 'src/projection/project.ts'],
      ['storage-imports-no-feature', 'src/log/reaches-ingest.ts', 'src/ingest/ingest.ts'],
      ['storage-imports-no-feature', 'src/database/reaches-root.ts', 'src/app.module.ts'],
      ['storage-imports-no-feature', 'src/log/reaches-new-feature.ts', 'src/relay/relay.ts'],
      ['observability-imports-no-feature', 'src/core/observability/reaches-marquez.ts', 'src/marquez/routes.ts'],
      ['client-package-imports-nothing-from-src', 'packages/openlineage-client/src/index.ts', 'src/openlineage/identity.ts'],
      ['imports-resolve', 'src/read/missing.ts', '../nowhere/gone'],
    ])('names the crossing %s: %s → %s', (rule, from, to) => {
      expect(result.output).toContain(`${rule}: ${from} → ${to}`);
    });

    it('names nothing that the design allows', () => {
      // ingest -> openlineage and marquez -> read are arrows DESIGN section 7 draws; a new feature
      // folder may import the vocabulary too.
      expect(result.output).not.toContain('src/ingest/ingest.ts →');
      expect(result.output).not.toContain('src/marquez/routes.ts →');
      expect(result.output).not.toContain('src/relay/relay.ts →');
      expect(result.output).not.toContain('src/read/unbuilt-package.ts →');
      // The client package's own tests run against the store; they are not published.
      expect(result.output).not.toContain('packages/openlineage-client/test/posts-to-the-store.test.ts →');
      expect(result.output).toContain('8 dependency violations');
    });
  });
});
