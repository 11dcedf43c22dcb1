// Where a phase's time went: PostgreSQL's execution time of the reads' statements
// (pg_stat_statements), the store process's CPU, its garbage collection and its event-loop delay
// (its /metrics). Counters are read at the start and the end of a phase.
import pg from 'pg';

/** Statements by query id, with their calls and execution time, since the last reset. */
async function statements(client) {
  const { rows } = await client.query(
    `SELECT queryid::text AS id, calls::float8 AS calls, total_exec_time::float8 AS ms, left(query, 200) AS query
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  return rows;
}

/** The store's counters that a phase is measured by. The event-loop delay histogram resets on each scrape. */
async function storeCounters(baseUrl) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const value = (re) => text.split('\n').filter((l) => re.test(l)).reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
  return {
    cpuS: value(/^process_cpu_seconds_total /),
    gcS: value(/^nodejs_gc_duration_seconds_sum/),
    loopLagP99S: value(/^nodejs_eventloop_lag_p99_seconds /),
    loopLagMaxS: value(/^nodejs_eventloop_lag_max_seconds /),
  };
}

export class PhaseMeter {
  constructor(databaseUrl, baseUrl) {
    this.baseUrl = baseUrl;
    this.client = new pg.Client({ connectionString: databaseUrl });
    /** Query ids of ingest's and the projection's statements, learned in calibrate(): not reads. */
    this.notReads = new Set();
    /** Store CPU per second that ingest alone costs (subtracted from phases under ingest). */
    this.ingestCpuPerS = 0;
  }

  async open() {
    await this.client.connect();
    await this.client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  }

  close() {
    return this.client.end();
  }

  async start() {
    await this.client.query('SELECT pg_stat_statements_reset()');
    this.started = { at: performance.now(), counters: await storeCounters(this.baseUrl) };
  }

  /** The phase's totals since start(): `requests` reads were answered, `ingest` says whether it ran. */
  async stop(requests, ingest) {
    const seconds = (performance.now() - this.started.at) / 1000;
    const end = await storeCounters(this.baseUrl);
    const reads = (await statements(this.client)).filter((s) => !this.notReads.has(s.id) && !/pg_stat_statements|pg_database/.test(s.query));
    const sqlMs = reads.reduce((a, s) => a + s.ms, 0);
    const calls = reads.reduce((a, s) => a + s.calls, 0);
    const cpuMs = (end.cpuS - this.started.counters.cpuS) * 1000 - (ingest ? this.ingestCpuPerS * seconds * 1000 : 0);
    return {
      sqlMsPerRead: round(sqlMs / requests),
      statementsPerRead: round(calls / requests, 1),
      storeCpuMsPerRead: round(cpuMs / requests),
      gcMsPerRead: round(((end.gcS - this.started.counters.gcS) * 1000) / requests),
      eventLoopDelayP99Ms: round(end.loopLagP99S * 1000),
      eventLoopDelayMaxMs: round(end.loopLagMaxS * 1000),
    };
  }

  /** Run `ingestOnly` (ingest with no reads; resolves to fixedRate's result) and remember its statements and CPU: what a phase under ingest subtracts. */
  async calibrate(ingestOnly) {
    await this.start();
    const { durationS: seconds } = await ingestOnly();
    const end = await storeCounters(this.baseUrl);
    for (const s of await statements(this.client)) this.notReads.add(s.id);
    this.ingestCpuPerS = (end.cpuS - this.started.counters.cpuS) / seconds;
    return { storeCpuPerSecond: round(this.ingestCpuPerS, 3), statements: this.notReads.size };
  }
}

const round = (x, digits = 2) => Number(x.toFixed(digits));
