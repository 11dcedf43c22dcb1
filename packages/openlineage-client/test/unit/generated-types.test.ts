import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FACET_TABLE } from '../../src';

const PACKAGE_ROOT = join(__dirname, '..', '..');
const SPEC_DIR = join(PACKAGE_ROOT, 'spec');
const GENERATED = join(PACKAGE_ROOT, 'src', 'generated', 'spec-types.ts');

describe('types generated from the vendored spec', () => {
  it('are current: regenerating from spec/ gives the committed src/generated/spec-types.ts (else run npm run generate)', () => {
    // A child process: the generator's formatter dependency loads ESM, which jest's CommonJS runtime cannot.
    const regenerated = execFileSync(process.execPath, [join(PACKAGE_ROOT, 'scripts', 'generate-types.mjs'), '--print'], { encoding: 'utf8' });
    expect(regenerated).toBe(readFileSync(GENERATED, 'utf8'));
  });

  it('cover the core 2-0-2 schema and all 38 facet schemas, LineageFacet 1-0-0 included', () => {
    const core = JSON.parse(readFileSync(join(SPEC_DIR, 'OpenLineage.json'), 'utf8'));
    expect(core.$id).toBe('https://openlineage.io/spec/2-0-2/OpenLineage.json');
    const files = readdirSync(join(SPEC_DIR, 'facets')).filter((file) => file.endsWith('.json'));
    expect(files).toHaveLength(38);
    const tabled = new Set(FACET_TABLE.map((row) => row.schemaURL.replace(/#.*$/, '').replace(/^.*\//, '')));
    expect([...tabled].sort()).toEqual([...files].sort());
    expect(FACET_TABLE.filter((row) => row.key === 'lineage').map((row) => [row.attachment, row.schemaURL])).toEqual([
      ['JobFacet', 'https://openlineage.io/spec/facets/1-0-0/LineageFacet.json#/$defs/LineageJobFacet'],
      ['DatasetFacet', 'https://openlineage.io/spec/facets/1-0-0/LineageFacet.json#/$defs/LineageDatasetFacet'],
    ]);
  });

  it('name each facet schema under the $id it declares', () => {
    for (const row of FACET_TABLE) {
      const file = row.schemaURL.replace(/#.*$/, '').replace(/^.*\//, '');
      const schema = JSON.parse(readFileSync(join(SPEC_DIR, 'facets', file), 'utf8'));
      expect(row.schemaURL).toBe(`${schema.$id}#/$defs/${row.definition}`);
      expect(schema.$defs[row.definition]).toBeDefined();
    }
  });
});
