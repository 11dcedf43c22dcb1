/**
 * `npm ci && npm test` must pass on a fresh clone with nothing beside it: no test may read a file
 * outside the project (the shared OpenLineage corpus is checked by `npm run test:corpus`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PACKAGE_ROOT } from '../support/store-process';

const TEST_ROOT = path.join(PACKAGE_ROOT, 'test');
const CORPUS_RUN = path.join(TEST_ROOT, 'corpus');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === CORPUS_RUN ? [] : sourceFiles(full);
    return /\.(ts|js|mjs|cjs)$/.test(entry.name) ? [full] : [];
  });
}

/** Every `path.join(__dirname, '..', ...)`/`path.resolve(...)` made only of literals, resolved. */
function literalPaths(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const calls = text.matchAll(/path\.(?:join|resolve)\(\s*__dirname((?:\s*,\s*'[^']*')+)\s*\)/g);
  return [...calls].map((call) => path.resolve(path.dirname(file), ...[...call[1].matchAll(/'([^']*)'/g)].map((m) => m[1])));
}

describe('the test suite is self-contained', () => {
  const files = [...sourceFiles(TEST_ROOT), path.join(PACKAGE_ROOT, 'jest.config.js')];

  it('finds the test sources it checks', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('names no file outside the project', () => {
    const outside = files.flatMap((file) =>
      literalPaths(file)
        .filter((target) => path.relative(PACKAGE_ROOT, target).startsWith('..'))
        .map((target) => `${path.relative(PACKAGE_ROOT, file)} -> ${target}`),
    );
    expect(outside).toEqual([]);
  });

  it('does not mention the shared corpus folder', () => {
    // The project's own src/read/shared/ is not that folder.
    const mentions = files.filter((file) => /['"`/]shared['"`/]/.test(fs.readFileSync(file, 'utf8').replace(/src\/read\/shared\//g, '')));
    expect(mentions.map((file) => path.relative(PACKAGE_ROOT, file))).toEqual([]);
  });
});
