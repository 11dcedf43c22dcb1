// For a read that misses its target: where the time goes (PostgreSQL vs the service) and the
// plans PostgreSQL chose (auto_explain with ANALYZE), measured with no other load.
import pg from 'pg';

const PROBES = 5;
const QUEUE_WAIT_MS = 120_000;

async function timed(baseUrl, url) {
  const started = performance.now();
  const response = await fetch(baseUrl + url);
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/**
 * Runs PROBES requests of the kind one after another, once the projection queue is empty. The
 * split comes from pg_stat_statements (execution time of the reads' statements: SELECT and WITH,
 * the projection's claim left out);
 * the plans from auto_explain, in a second pass so that EXPLAIN ANALYZE's overhead does not
 * count in the split.
 */
export async function diagnose({ baseUrl, databaseUrl, kind, targets, serverLog }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const urls = targets.slice(0, PROBES).map((t, i) => kind.url(t, i));
    // The projection is still working off the live ingest: wait (a while) for it to go quiet.
    for (let waited = 0; waited < QUEUE_WAIT_MS; waited += 500) {
      if ((await client.query('SELECT count(*)::int AS n FROM projection_queue')).rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    await client.query('SELECT pg_stat_statements_reset()');
    const http = [];
    for (const url of urls) http.push((await timed(baseUrl, url)).ms);
    const { rows } = await client.query(
      `SELECT sum(total_exec_time)::float8 AS ms, sum(calls)::int AS calls
         FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND query ~* '^\\s*(select|with)' AND query NOT ILIKE '%projection_queue%' AND query NOT ILIKE '%pg_stat_statements%'`,
    );
    const httpMs = http.reduce((a, b) => a + b, 0) / urls.length;
    const postgresMs = (rows[0].ms ?? 0) / urls.length;

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
      timeSplit: {
        httpMs: Number(httpMs.toFixed(2)),
        postgresMs: Number(postgresMs.toFixed(2)),
        serviceMs: Number((httpMs - postgresMs).toFixed(2)),
        statementsPerRequest: Number(((rows[0].calls ?? 0) / urls.length).toFixed(1)),
      },
      plans,
    };
  } finally {
    await client.end();
  }
}
