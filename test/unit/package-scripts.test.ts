/** The quick start's promises that live in package.json. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PACKAGE_ROOT } from '../support/store-process';

const pkg = JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8'));

describe('package.json', () => {
  it('builds at install (`prepare` runs on `npm ci`) and starts the built service without rebuilding', () => {
    expect(pkg.scripts.prepare).toBe('npm run build');
    expect(pkg.scripts.build).toContain('web/build.mjs'); // the web UI is part of the build
    expect(pkg.scripts.prestart).toBeUndefined();
    expect(pkg.scripts.start).toMatch(/^node (--[a-z-]+=\S+ )*dist\/main\.js serve$/); // the built service, Node flags allowed
  });

  it('has a watch script for development', () => {
    expect(pkg.scripts.dev).toBe('node scripts/dev.mjs');
    expect(fs.existsSync(path.join(PACKAGE_ROOT, 'scripts', 'dev.mjs'))).toBe(true);
  });

  it('runs on Node 22 or newer and is typed against Node 24', () => {
    expect(pkg.engines.node).toBe('>=22');
    expect(pkg.devDependencies['@types/node']).toMatch(/^24\.\d+\.\d+$/);
  });

  it('runs every tier with `npm test`, and the unit tier alone without a build (no pretest)', () => {
    expect(pkg.scripts.test).toBe('node scripts/test-tiers.mjs');
    const runs = fs.readFileSync(path.join(PACKAGE_ROOT, 'scripts', 'test-tiers.mjs'), 'utf8');
    expect(runs).toContain("['--selectProjects', 'unit', 'in-process', 'process']");
    // Every run that does not ask for one worker has one more than the machine has cores.
    expect((require('../../jest.config.js') as { maxWorkers: number }).maxWorkers).toBe(os.availableParallelism() + 1);
    expect(runs).toContain("['--runInBand', '--selectProjects', 'process-alone']");
    expect(pkg.scripts['test:unit']).toBe('jest --selectProjects unit --');
    expect(pkg.scripts['pretest:unit']).toBeUndefined();
    for (const script of ['pretest', 'pretest:in-process', 'pretest:process']) expect(pkg.scripts[script]).toBe('node scripts/build-if-stale.mjs');
  });

  it('has a corpus conformance run that takes the folder as an argument', () => {
    expect(pkg.scripts['test:corpus']).toBe('npm run build && node scripts/test-corpus.mjs');
  });
});
