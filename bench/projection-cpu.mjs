// npm run bench:projection-cpu: the projection's own Node CPU time per event (process.cpuUsage), without PostgreSQL or
// HTTP: its processors (events to mutations) and the building of its statements (mutations to SQL
// and the JSON parameter), for the benchmark's Trino event in batches of 200. Each round parses
// fresh events, as the claim does; the first rounds warm up. With BENCH_ROOTS='<checkout> .' it
// compares checkouts (each with dist/ built), each in a process of its own, interleaved.
//   BENCH_ROOTS ('.'), BENCH_REPEATS (4 processes per checkout), BENCH_EVENTS (2000), BENCH_ROUNDS (12).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventText } from './event.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BATCH = 200;
const WARM_UP_ROUNDS = 3;

/** One process's measurement: median µs per event of each part, over the rounds after the warm-up. */
function measure(root) {
  const require = createRequire(path.join(path.resolve(root), 'package.json'));
  const { processEvents } = require('./dist/projection/pipeline.js');
  const { batchStatements } = require('./dist/projection/applier.js');
  const count = Number(process.env.BENCH_EVENTS ?? 2000);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 12);
  const loggedEvents = () =>
    Array.from({ length: count }, (_, i) => {
      const payload = JSON.parse(eventText());
      return { eventId: String(i + 1), kind: 'run', eventType: payload.eventType, eventTime: new Date(payload.eventTime), runId: payload.run.runId, jobNamespace: payload.job.namespace, jobName: payload.job.name, payload };
    });
  const samples = { processors: [], statements: [] };
  for (let round = 0; round < rounds; round++) {
    const events = loggedEvents();
    // CPU time of this process (user + system, µs), not wall time: the machine may be busy.
    const cpu = () => {
      const { user, system } = process.cpuUsage();
      return user + system;
    };
    let processing = 0;
    let building = 0;
    for (let i = 0; i < events.length; i += BATCH) {
      const started = cpu();
      const mutations = processEvents(events.slice(i, i + BATCH));
      const processed = cpu();
      for (const build of batchStatements(mutations)) build();
      building += cpu() - processed;
      processing += processed - started;
    }
    if (round < WARM_UP_ROUNDS) continue;
    samples.processors.push(processing / count);
    samples.statements.push(building / count);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { processors: median(samples.processors), statements: median(samples.statements) };
}

function main() {
  if (process.argv[2] === '--measure') {
    process.stdout.write(JSON.stringify(measure(process.argv[3])));
    return;
  }
  const roots = (process.env.BENCH_ROOTS ?? '.').split(/\s+/).filter(Boolean);
  const repeats = Number(process.env.BENCH_REPEATS ?? 4);
  const results = new Map(roots.map((root) => [root, []]));
  for (let r = 0; r < repeats; r++) {
    for (const root of r % 2 ? [...roots].reverse() : roots) {
      const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--measure', path.resolve(ROOT, root)], { encoding: 'utf8' });
      results.get(root).push(JSON.parse(out));
    }
  }
  const range = (xs) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
  console.log(`the projection's Node CPU per event, without PostgreSQL: ${repeats} processes per checkout, interleaved (each the median of its rounds)`);
  console.log('| checkout | processors µs/event | statements µs/event |');
  console.log('|---|---|---|');
  for (const [root, rs] of results) console.log(`| ${root} | ${range(rs.map((x) => x.processors))} | ${range(rs.map((x) => x.statements))} |`);
}

main();
