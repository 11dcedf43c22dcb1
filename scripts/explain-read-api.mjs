// Captures the PostgreSQL plans of the read API's queries on tables with enough rows to matter:
// the summary to docs/benchmarks/read-api-plans.md, every plan to .data/read-api-plans.md (not
// committed: the plans are long and change with every run). Run after `npm run build`:
//   node scripts/explain-read-api.mjs
// It starts its own PostgreSQL with auto_explain, fills it from scripts/read-api-fill.sql, runs
// ANALYZE and VACUUM, then calls each endpoint in-process and records every statement's
// EXPLAIN (ANALYZE, BUFFERS) plan as PostgreSQL logged it, plus a summary of sequential scans.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres, temporaryParent } from './embedded-postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => path.join(root, 'dist', p);
const { migrate } = await import(dist('cli/migrate.js'));
const { createApp } = await import(dist('create-app.js'));
const { loadEnvironment } = await import(dist('core/config/environment.js'));

let log = '';
const dir = temporaryParent('metadata-store-explain-');
const port = 20000 + Math.floor(Math.random() * 20000);
const server = await startEmbeddedPostgres({
  dataDir: path.join(dir, 'data'),
  port,
  flags: ['-c', 'fsync=off', '-c', 'shared_buffers=256MB', '-c', 'log_line_prefix=', '-c', 'lc_messages=C'],
  onLog: (message) => {
    log += `${message}\n`;
  },
});
const url = `postgres://postgres:postgres@127.0.0.1:${port}/explain`;
const admin = new pg.Client({ connectionString: server.adminUrl });
let app;
try {
  await admin.connect();
  await admin.query('CREATE DATABASE explain');
  await migrate({ url });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  await client.query(fs.readFileSync(path.join(root, 'scripts/read-api-fill.sql'), 'utf8'));
  await client.query('VACUUM ANALYZE');
  const sizes = (
    await client.query(
      `SELECT relname AS table, n_live_tup AS rows FROM pg_stat_user_tables WHERE n_live_tup > 0 ORDER BY relname`,
    )
  ).rows;
  process.stderr.write(`filled in ${Math.round((Date.now() - started) / 1000)} s\n`);
  const sample = (await client.query(`SELECT id, name FROM datasets WHERE namespace = 'ns3' ORDER BY name LIMIT 1 OFFSET 500`)).rows[0];
  const someRun = (await client.query(`SELECT latest_run_id AS id FROM jobs WHERE namespace = 'ns3' AND name = 'job_13'`)).rows[0].id;
  const someVersion = (await client.query(`SELECT job_version_id AS id FROM runs WHERE id = $1`, [someRun])).rows[0].id;
  for (const setting of [
    "session_preload_libraries = 'auto_explain'",
    'auto_explain.log_min_duration = 0',
    'auto_explain.log_analyze = on',
    'auto_explain.log_buffers = on',
    'auto_explain.log_nested_statements = on',
  ]) {
    await client.query(`ALTER DATABASE explain SET ${setting}`);
  }
  await client.end();

  app = await createApp(loadEnvironment({ LOG_LEVEL: 'warn', PROJECTION_WORKERS: '0' }), { url });
  await app.getHttpAdapter().getInstance().ready();
  const fastify = app.getHttpAdapter().getInstance();
  const first = await fastify.inject({ url: '/api/v1/events/lineage?limit=50' });
  const cursor = JSON.parse(first.body).nextCursor;
  const weekAgo = new Date(Date.now() - 6 * 86400_000).toISOString();
  const dayAgo = new Date(Date.now() - 86400_000).toISOString();
  const requests = [
    '/api/v1/events/lineage?limit=50',
    `/api/v1/events/lineage?limit=50&cursor=${encodeURIComponent(cursor)}`,
    `/api/v1/events/lineage?limit=50&offset=5000&after=${weekAgo}&before=${dayAgo}&sortDirection=asc`,
    '/api/v1/stats/lineage-events?period=DAY',
    '/api/v1/stats/lineage-events?period=WEEK&timezone=Europe/Berlin',
    '/api/v1/stats/datasets?period=WEEK&timezone=Europe/Berlin',
    '/api/v1/stats/jobs?period=DAY',
    '/api/v1/stats/sources?period=DAY',
    '/api/v1/namespaces',
    '/api/v1/namespaces/ns3/datasets?limit=100&offset=200',
    '/api/v1/namespaces/hostile/datasets?limit=1000',
    `/api/v1/namespaces/ns3/datasets/${encodeURIComponent(sample.name)}`,
    `/api/v1/namespaces/ns3/datasets/${encodeURIComponent(sample.name)}/versions`,
    `/api/v1/datasets/${sample.id}`,
    '/api/v1/jobs?limit=10&offset=0',
    '/api/v1/jobs?limit=10&offset=0&lastRunStates=FAILED',
    '/api/v1/namespaces/ns3/jobs?limit=20&offset=40',
    '/api/v1/namespaces/ns3/jobs/job_13',
    '/api/v1/namespaces/ns3/jobs/job_13/runs?limit=14&offset=0',
    '/api/v1/namespaces/ns3/jobs/job_13/versions?limit=10&offset=0',
    `/api/v1/namespaces/ns3/jobs/job_13/versions/${someVersion}`,
    `/api/v1/jobs/runs/${someRun}`,
    `/api/v1/jobs/runs/${someRun}/facets?type=run`,
    '/api/v1/search?q=table_4242&sort=NAME&limit=100',
    '/api/v1/search?q=job_77&filter=JOB&sort=UPDATE_AT',
    '/api/v1/search?q=table&limit=10',
    '/api/v1/search?q=zz&limit=10',
    '/api/v1/search?q=sc&limit=10',
    '/api/v1/tags',
  ];
  const sections = [];
  const summary = [];
  for (const request of requests) {
    await fastify.inject({ url: request }); // warm: the first plan of a query is not the steady one
    await new Promise((resolve) => setTimeout(resolve, 100));
    log = '';
    const t0 = process.hrtime.bigint();
    const res = await fastify.inject({ url: request });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Long parameter lists (a page of ids) are cut: the plan is what matters.
    const plans = log
      .trim()
      .split('\n')
      .map((line) => (line.length > 300 ? `${line.slice(0, 300)}… (${line.length} characters)` : line))
      .join('\n');
    const seqScans = [...plans.matchAll(/Seq Scan on (\w+)[^\n]*rows=(\d+)/g)].map((m) => `${m[1]} (${m[2]} rows)`);
    summary.push(`| \`${request.replace(/\|/g, '\\|')}\` | ${res.statusCode} | ${ms.toFixed(1)} | ${(plans.match(/duration:/g) ?? []).length} | ${seqScans.join(', ') || 'none'} |`);
    sections.push(`### \`GET ${request}\`\n\n${res.statusCode}, ${ms.toFixed(1)} ms in-process (second call)\n\n\`\`\`\n${plans}\n\`\`\`\n`);
  }
  const doc = [
    '# Read API query plans',
    '',
    'Generated by `node scripts/explain-read-api.mjs` (after `npm run build`): a fresh PostgreSQL',
    `${(await admin.query('SHOW server_version')).rows[0].server_version} with \`auto_explain\` (log_analyze, log_buffers), the tables filled by`,
    '`scripts/read-api-fill.sql`, VACUUM ANALYZE, then each endpoint called twice in-process; the plans are those',
    'of the second call, as PostgreSQL logged them. Times are from a shared 2-core machine: compare them to each other.',
    '',
    '## Table sizes',
    '',
    '| table | rows |',
    '|---|---|',
    ...sizes.map((s) => `| ${s.table} | ${s.rows} |`),
    '',
    '## Summary',
    '',
    'A sequential scan listed here is over a set-returning function or a VALUES list, never a table, unless named.',
    '',
    '| request | status | ms | statements | sequential scans |',
    '|---|---|---|---|---|',
    ...summary,
    '',
    'Every plan of this run is in `.data/read-api-plans.md` (not committed); run the script to see them.',
    '',
  ].join('\n');
  const plansDoc = [`# Read API query plans, ${new Date().toISOString()}`, '', ...sections].join('\n');
  const summaryFile = path.join(root, 'docs', 'benchmarks', 'read-api-plans.md');
  const plansFile = path.join(root, '.data', 'read-api-plans.md');
  fs.writeFileSync(summaryFile, doc);
  fs.mkdirSync(path.dirname(plansFile), { recursive: true });
  fs.writeFileSync(plansFile, plansDoc);
  process.stderr.write(`${summary.join('\n')}\nwrote ${path.relative(root, summaryFile)} and ${path.relative(root, plansFile)}\n`);
} finally {
  await app?.close();
  await admin.end().catch(() => undefined);
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
