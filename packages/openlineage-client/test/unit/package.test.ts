/** The package as the store (or any user) gets it: resolved through node_modules to the built dist/. Needs `npm run build`. */
import { join } from 'node:path';

const PACKAGE_ROOT = join(__dirname, '..', '..');

describe('the built package', () => {
  it('resolves by name to dist/index.js, with its types beside it', () => {
    const entry = require.resolve('@metadata-store/openlineage-client');
    expect(entry).toBe(join(PACKAGE_ROOT, 'dist', 'index.js'));
    expect(require.resolve('@metadata-store/openlineage-client/package.json')).toBe(join(PACKAGE_ROOT, 'package.json'));
    expect(require(join(PACKAGE_ROOT, 'package.json')).types).toBe('dist/index.d.ts');
  });

  it('builds, validates and emits from dist/, finding the vendored spec from there', async () => {
    const client = require('@metadata-store/openlineage-client') as typeof import('../../src');
    expect(client.SPEC_DIR).toBe(join(PACKAGE_ROOT, 'spec'));
    const event = new client.EventBuilder().runEvent({
      eventType: 'START',
      run: { runId: client.newRunId(), facets: { nominalTime: { nominalStartTime: '2026-01-01T00:00:00Z' } } },
      job: { namespace: 'etl', name: 'dist' },
    });
    expect(client.validateEvent(event)).toEqual({ valid: true, problems: [] });
    expect(event.producer).toBe(`https://www.npmjs.com/package/@metadata-store/openlineage-client/v/${require(join(PACKAGE_ROOT, 'package.json')).version}`);
  });
});
