/**
 * The three tiers of jest.config.js stay what docs/testing.md says they are: unit tests touch no
 * database, no build and no process; in-process tests start no process of the service; the
 * process tier lists only files that exist.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PACKAGE_ROOT } from '../support/store-process';

const { PROCESS_TESTS, ALONE_TESTS } = require('../process-tests') as { PROCESS_TESTS: string[]; ALONE_TESTS: string[] };
const { LONGEST_FIRST } = require('../longest-first') as { LONGEST_FIRST: string[] };

function testFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [path.relative(PACKAGE_ROOT, full)] : [];
  });
}

const ALL = [...testFiles(path.join(PACKAGE_ROOT, 'test')), ...testFiles(path.join(PACKAGE_ROOT, 'packages'))];
const THIS_FILE = path.relative(PACKAGE_ROOT, __filename);
const isUnit = (file: string) => /^(test\/unit|test\/deploy|packages\/[^/]+\/test\/unit)\//.test(file);
const source = (file: string) => fs.readFileSync(path.join(PACKAGE_ROOT, file), 'utf8');

/** What starts the built service, or a PostgreSQL of the test's own, as a process. */
const STARTS_A_PROCESS = /\b(startStore|spawnMain|runCommand|MAIN|OwnPostgres)\b/;
/** What needs the test PostgreSQL or the built service. */
const NEEDS_POSTGRES_OR_BUILD = /support\/(database|migrated-database|in-process-app|projection|own-postgres)'|\b(startStore|spawnMain|runCommand|MAIN|OwnPostgres)\b/;

describe('the test tiers', () => {
  it('find the test files', () => {
    expect(ALL.length).toBeGreaterThan(50);
  });

  it('list only process tests that exist, outside the unit tier', () => {
    expect(PROCESS_TESTS.filter((file) => !ALL.includes(file) || isUnit(file))).toEqual([]);
  });

  it('start first only test files that exist, each once', () => {
    expect(LONGEST_FIRST.filter((file, i) => !ALL.includes(file) || LONGEST_FIRST.indexOf(file) !== i)).toEqual([]);
  });

  it('run alone only process tests', () => {
    expect(ALONE_TESTS.length).toBeGreaterThan(0);
    expect(ALONE_TESTS.filter((file) => !PROCESS_TESTS.includes(file))).toEqual([]);
  });

  it('start no process outside the process tier', () => {
    const inProcess = ALL.filter((file) => !isUnit(file) && !PROCESS_TESTS.includes(file));
    expect(inProcess.filter((file) => STARTS_A_PROCESS.test(source(file)))).toEqual([]);
  });

  it('keep PostgreSQL and the build out of unit tests', () => {
    expect(ALL.filter((file) => isUnit(file) && file !== THIS_FILE).filter((file) => NEEDS_POSTGRES_OR_BUILD.test(source(file)))).toEqual([]);
  });
});
