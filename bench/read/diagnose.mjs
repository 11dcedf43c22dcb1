// For a read that misses its target: the plans PostgreSQL chose for its statements (auto_explain
// with ANALYZE and BUFFERS), after projectionSettled() (the projection caught up with the
// benchmark's ingest, or two minutes passed). (Where
// its time goes is measured by the phases themselves: split.mjs.)
import pg from 'pg';

const PROBES = 2;
const QUEUE_WAIT_MS = 120_000;

/** The projection is still working off the benchmark's ingest: wait (a while) for it to go quiet. */
export async function projectionSettled(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let waited = 0; waited < QUEUE_WAIT_MS; waited += 500) {
      if ((await client.query('SELECT count(*)::int AS n FROM projection_queue')).rows[0].n === 0) return true;
      await new Promise((r) => setTimeout(r, 500));
    }
    return false;
  } finally {
    await client.end();
  }
}

async function timed(baseUrl, url) {
  const started = performance.now();
  const response = await fetch(baseUrl + url);
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/** Two requests of the kind with auto_explain logging every statement's plan. */
export async function diagnose({ baseUrl, databaseUrl, kind, targets, serverLog }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const urls = targets.slice(0, PROBES).map((t, i) => kind.url(t, i));
    for (const setting of ['log_min_duration = 0', 'log_analyze = on', 'log_buffers = on', 'log_nested_statements = on']) {
      await client.query(`ALTER SYSTEM SET auto_explain.${setting}`);
    }
    await client.query('SELECT pg_reload_conf()');
    await new Promise((r) => setTimeout(r, 300));
    const mark = serverLog.length;
    for (const url of urls.slice(0, 2)) await timed(baseUrl, url);
    await new Promise((r) => setTimeout(r, 300));
    await client.query('ALTER SYSTEM RESET ALL');
    await client.query('SELECT pg_reload_conf()');
    const plans = serverLog
      .slice(mark)
      .join('')
      .split(/\n(?=\S*\s*\d{4}-\d\d-\d\d [\d:.]+ \S+ \[\d+\] LOG:)|(?=LOG:\s+duration:)/)
      .filter((entry) => /duration: [\d.]+ ms\s+plan:/.test(entry) && !/projection_queue|pg_stat_statements|pg_reload_conf/.test(entry))
      .map((entry) => entry.trim().slice(0, 8000));
    return {
      kind: kind.key,
      probes: urls,
      plans,
    };
  } finally {
    await client.end();
  }
}
