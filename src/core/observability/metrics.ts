import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { HEALTH_DATABASE, PROJECTION_DATABASE, READ_DATABASE } from '../../database/database.module';
import { Gauge, Histogram, Metric, register } from 'prom-client';
import { DataSource, EntitySubscriberInterface } from 'typeorm';
import type { AfterQueryEvent, BeforeQueryEvent } from 'typeorm/subscriber/event/QueryEvent';
import { Environment } from '../config/environment';
import { serviceVersion } from '../service-version';

/** Metrics of a process: one app per process, but a second registration must not throw. */
export function registered<T extends Metric>(name: string, create: () => T): T {
  register.removeSingleMetric(name);
  return create();
}

/** HTTP methods Node's parser accepts are a bounded set already; anything else is folded. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * `metadata_store_http_request_duration_seconds{method,route,status_code}`. `route` is the route
 * template (`/api/v1/datasets/:id`), or `unmatched` for every request no route matched, so that
 * scanning random URLs cannot create a series per URL.
 */
@Injectable()
export class HttpMetrics {
  private readonly duration = registered(
    'metadata_store_http_request_duration_seconds',
    () =>
      new Histogram({
        name: 'metadata_store_http_request_duration_seconds',
        help: 'HTTP requests by method, route template (`unmatched` when no route matched) and status code',
        labelNames: ['method', 'route', 'status_code'],
        buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      }),
  );

  observeRequest(method: string, route: string | null, statusCode: number, seconds: number): void {
    this.duration.observe(
      { method: METHODS.has(method) ? method : 'OTHER', route: route ?? 'unmatched', status_code: String(statusCode) },
      seconds,
    );
  }
}

/** The first SQL keyword, from a fixed set: a bounded label. */
export function sqlOperation(sql: string): string {
  const keyword = /^\s*(?:--[^\n]*\n\s*)*([A-Za-z]+)/.exec(sql)?.[1]?.toUpperCase() ?? '';
  return ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'WITH', 'BEGIN', 'START', 'COMMIT', 'ROLLBACK', 'SAVEPOINT', 'RELEASE', 'SET', 'SHOW'].includes(
    keyword,
  )
    ? keyword === 'START'
      ? 'BEGIN'
      : keyword
    : 'OTHER';
}

const QUERY_DURATION = 'metadata_store_db_query_duration_seconds';

/**
 * For a query sent on the pool directly, not through TypeORM (the log append, a named prepared
 * statement): timed the same way into the same histogram, once it is registered.
 */
export function observePoolQuery(sql: string, ok: boolean, seconds: number): void {
  const histogram = register.getSingleMetric(QUERY_DURATION) as Histogram<string> | undefined;
  histogram?.observe({ operation: sqlOperation(sql), outcome: ok ? 'ok' : 'error' }, seconds);
}

/**
 * Times every query TypeORM runs (everything this service sends to PostgreSQL goes through it,
 * except what observePoolQuery times): from the moment the query is handed to the connection
 * until its result or error, into the histogram once it is registered. Pool waits are not
 * included (see metadata_store_db_pool_waiting_requests). No constructor arguments: a data
 * source's `subscribers` option can name it.
 */
export class QueryTimer implements EntitySubscriberInterface {
  private readonly started = new WeakMap<object, bigint[]>();

  beforeQuery(event: BeforeQueryEvent<unknown>): void {
    const runner = event.queryRunner as object | undefined;
    if (!runner) return;
    const starts = this.started.get(runner);
    if (starts) starts.push(process.hrtime.bigint());
    else this.started.set(runner, [process.hrtime.bigint()]);
  }

  afterQuery(event: AfterQueryEvent<unknown>): void {
    const runner = event.queryRunner as object | undefined;
    const start = runner ? this.started.get(runner)?.shift() : undefined;
    if (start === undefined) return;
    observePoolQuery(event.query, event.success, Number(process.hrtime.bigint() - start) / 1e9);
  }
}

/** metadata_store_db_query_duration_seconds, in this thread's registry. */
export function registerQueryDurations(): void {
  registered(
    QUERY_DURATION,
    () =>
      new Histogram({
        name: QUERY_DURATION,
        help: 'PostgreSQL queries by SQL operation (first keyword) and outcome (ok, error), from send to result',
        labelNames: ['operation', 'outcome'],
        buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      }),
  );
}

/** Times every query the data sources run into metadata_store_db_query_duration_seconds. */
export function timeQueries(sources: DataSource[]): void {
  registerQueryDurations();
  for (const source of sources) source.subscribers.push(new QueryTimer() as EntitySubscriberInterface<unknown>);
}

/**
 * Gauges read when Prometheus scrapes (no timers, nothing to keep up to date): ingest's database
 * pool, build info and the TLS certificate's expiry. Also registers the query timer on every pool.
 */
@Injectable()
export class OperationalMetrics implements OnModuleInit {
  private tlsNotAfter: Gauge<string> | null = null;

  constructor(
    private readonly env: Environment,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectDataSource(PROJECTION_DATABASE) private readonly projectionDataSource: DataSource,
    @InjectDataSource(READ_DATABASE) private readonly readDataSource: DataSource,
    @InjectDataSource(HEALTH_DATABASE) private readonly healthDataSource: DataSource,
  ) {}

  onModuleInit(): void {
    timeQueries([this.dataSource, this.projectionDataSource, this.readDataSource, this.healthDataSource]);

    const pool = () => (this.dataSource.driver as unknown as { master?: { totalCount: number; idleCount: number; waitingCount: number } }).master;
    registered(
      'metadata_store_db_pool_connections',
      () =>
        new Gauge({
          name: 'metadata_store_db_pool_connections',
          help: 'Connections of this replica’s PostgreSQL pool, by state (in_use, idle)',
          labelNames: ['state'],
          collect() {
            const p = pool();
            this.set({ state: 'in_use' }, p ? p.totalCount - p.idleCount : 0);
            this.set({ state: 'idle' }, p ? p.idleCount : 0);
          },
        }),
    );
    registered(
      'metadata_store_db_pool_waiting_requests',
      () =>
        new Gauge({
          name: 'metadata_store_db_pool_waiting_requests',
          help: 'Queries waiting for a free pool connection',
          collect() {
            this.set(pool()?.waitingCount ?? 0);
          },
        }),
    );
    const poolSize = this.env.DATABASE_POOL_SIZE;
    registered(
      'metadata_store_db_pool_max_connections',
      () =>
        new Gauge({
          name: 'metadata_store_db_pool_max_connections',
          help: 'DATABASE_POOL_SIZE: the most connections the pool opens',
          collect() {
            this.set(poolSize);
          },
        }),
    );

    const { version, commit } = serviceVersion();
    registered(
      'metadata_store_build_info',
      () =>
        new Gauge({
          name: 'metadata_store_build_info',
          help: 'Always 1; the labels say which build is running',
          labelNames: ['version', 'commit', 'openlineage_spec'],
        }),
    ).set({ version, commit: commit ?? 'unknown', openlineage_spec: '2-0-2' }, 1);

  }

  /**
   * Called by the TLS loader whenever a certificate is (re)loaded. The gauge exists only when
   * TLS is on: without it, the metric is absent rather than a misleading 0.
   */
  tlsCertificateLoaded(notAfter: Date): void {
    this.tlsNotAfter ??= registered(
      'metadata_store_tls_certificate_not_after_seconds',
      () =>
        new Gauge({
          name: 'metadata_store_tls_certificate_not_after_seconds',
          help: 'Expiry (Unix time) of the certificate being served (only with TLS)',
        }),
    );
    this.tlsNotAfter.set(Math.floor(notAfter.getTime() / 1000));
  }
}
