// What the readers ask for: nodes sampled from the generated graph (the generator is
// deterministic, so the benchmark knows every name without reading the database).
import { createRequire } from 'node:module';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

const require = createRequire(import.meta.url);

export function loadGenerator(root) {
  const dist = (p) => require(path.join(root, 'dist', p));
  return {
    ...dist('seed/world.js'),
    ...dist('seed/schedule.js'),
    ...dist('seed/events/run-events.js'),
    ...dist('seed/prng.js'),
    ...dist('seed/fields.js'),
    ...dist('openlineage/dataset-identity.js'),
  };
}

const SEARCH_WORDS = ['orders', 'customers', 'payments', 'fct_sessions', 'raw_sales', 'refunds', 'stripe', 'agg_'];

/**
 * `count` targets: half Trino tables, half Spark and dbt datasets, all written by a job at
 * pipeline depth 5 or more (so there is lineage both ways); the asOf time is the middle of the
 * generated history.
 */
export function sampleTargets(gen, world, count) {
  const prng = new gen.Prng(world.seed * 131 + 7);
  const asOf = new Date(gen.HISTORY_START_MS + (gen.WINDOW_DAYS / 2) * 86_400_000).toISOString();
  const deepJobs = world.producers.map((p) => p.dag.jobs.filter((job) => job.depth >= 5));
  const targets = [];
  for (let i = 0; i < count; i++) {
    const p = i % 2 === 0 ? 0 : 1 + ((i >> 1) % 2);
    const producer = world.producers[p];
    const job = prng.pick(deepJobs[p].length ? deepJobs[p] : producer.dag.jobs);
    const dataset = prng.pick(job.outputs);
    const namespace = producer.datasetNamespace(dataset);
    const name = producer.datasetName(dataset);
    const field = gen.VOCABULARY[producer.fields.get(dataset)[0]].name;
    targets.push({
      namespace,
      name,
      nodeId: `dataset:${namespace}:${name}`,
      fieldNodeId: `datasetField:${namespace}:${name}:${field}`,
      datasetId: gen.datasetId(namespace, name),
      asOf,
      // Every other search is for a specific table's name, the rest for common words.
      searchTerm: i % 2 ? name.split(/[./]/).pop() : prng.pick(SEARCH_WORDS),
    });
  }
  return targets;
}

/**
 * Live ingest during the measurement: new runs of existing Trino queries (START, then COMPLETE or
 * FAIL), each with a fresh run id and the current time, so they are stored and projected, not
 * deduplicated.
 */
export function liveEvents(gen, world, count) {
  const runs = gen.schedule(world).filter((run) => world.producers[run.producer].kind === 'trino');
  const prng = new gen.Prng(world.seed * 17 + 3);
  const pairs = [];
  while (pairs.length < count / 2) pairs.push(gen.runEvents(world, runs[prng.int(0, runs.length - 1)]));
  let next = 0;
  let runId = null;
  return () => {
    const pair = pairs[Math.floor(next / 2) % pairs.length];
    const event = pair[next % 2];
    if (next % 2 === 0) runId = randomUUID();
    next++;
    return JSON.stringify({ ...event, eventTime: new Date().toISOString(), run: { ...event.run, runId } });
  };
}
