#!/usr/bin/env node
// Sums a TEST_CPU_LOG (test/support/cpu-per-file.ts) by tier and lists the files that cost most:
//   TEST_CPU_LOG=/tmp/cpu.log npm test; node scripts/test-cpu.mjs /tmp/cpu.log [top]
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { PROCESS_TESTS } = createRequire(import.meta.url)(path.join(root, 'test/process-tests.js'));
const [file, top = '25'] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node scripts/test-cpu.mjs <TEST_CPU_LOG file> [top]\n');
  process.exit(2);
}
const rows = fs
  .readFileSync(file, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line))
  .map((row) => ({ ...row, file: path.relative(root, row.file) }));
const tierOf = (f) => (/^(test\/unit|test\/deploy|packages\/[^/]+\/test\/unit)\//.test(f) ? 'unit' : PROCESS_TESTS.includes(f) ? 'process' : 'in-process');
const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);

const tiers = new Map();
for (const row of rows) {
  const tier = tiers.get(tierOf(row.file)) ?? { files: 0, ownMs: 0, childrenMs: 0, postgresMs: 0 };
  tier.files++;
  tier.ownMs += row.ownMs;
  tier.childrenMs += row.childrenMs;
  tier.postgresMs += row.postgresMs ?? 0;
  tiers.set(tierOf(row.file), tier);
}
// PostgreSQL's figure is the server's CPU while the file ran: the file's own only with --runInBand.
const cost = (row) => row.ownMs + row.childrenMs + (row.postgresMs ?? 0);
console.log('tier         files  worker s  children s  postgres s');
for (const [tier, t] of tiers) console.log(`${tier.padEnd(12)} ${String(t.files).padStart(5)} ${seconds(t.ownMs)}   ${seconds(t.childrenMs)}    ${seconds(t.postgresMs)}`);
console.log('\nworker s  children s  postgres s  wall s  file');
for (const row of rows.sort((a, b) => cost(b) - cost(a)).slice(0, Number(top))) {
  console.log(`${seconds(row.ownMs)}  ${seconds(row.childrenMs)}    ${seconds(row.postgresMs ?? 0)}  ${seconds(row.wallMs)}  ${row.file}`);
}
