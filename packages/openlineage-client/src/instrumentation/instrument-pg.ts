import type { RunEvent } from '../generated/spec-types';
import { newRunId } from '../events/run-id';
import { sqlLineage, type SchemaProvider, type SqlLineage } from '../sql';
import { jobName } from './job-name';
import { currentRunContext } from './run-context';
import { StatementEvents, type StatementRun } from './statement-events';

/** What instrumentation needs of a client: OpenLineageClient's emit, which queues and returns. */
export interface LineageEmitter {
  emit(event: RunEvent): Promise<void>;
}

/* The parts of node-postgres used here, so that this package needs no pg types. */
type QueryFunction = (...args: any[]) => any;
interface PgClientLike {
  query: QueryFunction;
  host?: string;
  port?: number;
  database?: string;
  once?(event: 'end', listener: () => void): unknown;
}
interface PgPoolLike {
  on(event: 'connect', listener: (client: PgClientLike) => void): unknown;
  removeListener(event: 'connect', listener: (client: PgClientLike) => void): unknown;
}

export interface InstrumentPgOptions {
  client: LineageEmitter;
  /** The jobs' namespace: your application or scheduler. */
  namespace: string;
  /** The datasets' namespace; default `postgres://{host}:{port}` of each connection. */
  datasetNamespace?: string;
  /** The database part of dataset names; default each connection's database. */
  database?: string;
  /** The schema of unqualified tables (default `public`). */
  defaultSchema?: string;
  schemaProvider?: SchemaProvider;
  /** Put before every job name, e.g. `billing.`. */
  jobNamePrefix?: string;
  producer?: string;
  /** Told when lineage could not be derived or emitted; the query itself never sees it. */
  onError?: (error: Error) => void;
  /** Statements whose lineage is remembered (default 1,000): a repeated statement is parsed once. */
  lineageCacheSize?: number;
}

export interface PgInstrumentation {
  /** Resolves once every statement that has finished has handed its events to the client. */
  settled(): Promise<void>;
  /** Restores the pool's clients' own `query`; statements in flight still emit. */
  uninstrument(): void;
}

const PATCHED = Symbol('openlineage.pg.patched');

interface PreparedStatement {
  lineage: SqlLineage;
  jobName: string;
}

/**
 * Emits START and COMPLETE/FAIL run events for each statement a pg Pool runs that reads or
 * writes tables (through `pool.query` or a client from `pool.connect()`, promise or callback
 * form). The statement's SQL is parsed in the background, once per distinct text; the query's
 * own result is passed on without waiting for any of it.
 */
export function instrumentPg(pool: PgPoolLike, options: InstrumentPgOptions): PgInstrumentation {
  const events = new StatementEvents(options.producer);
  const cache = new Map<string, Promise<PreparedStatement | undefined>>();
  const cacheSize = options.lineageCacheSize ?? 1000;
  const pending = new Set<Promise<void>>();
  const patched = new Set<PgClientLike>();
  const reportError = (error: unknown) => {
    const failure = error instanceof Error ? error : new Error(String(error));
    if (options.onError) options.onError(failure);
    else console.warn(`[openlineage-client] pg instrumentation: ${failure.message}`);
  };

  /** A statement text's lineage and job name, worked out once per text (and connection). */
  function prepared(sql: string, client: PgClientLike): Promise<PreparedStatement | undefined> {
    const namespace = options.datasetNamespace ?? `postgres://${client.host ?? 'localhost'}:${client.port ?? 5432}`;
    const database = options.database ?? client.database;
    const key = `${namespace}\u0000${database}\u0000${sql}`;
    let entry = cache.get(key);
    if (entry) {
      cache.delete(key);
    } else {
      entry = sqlLineage(sql, {
        dialect: 'postgres',
        namespace,
        defaultCatalog: database,
        defaultSchema: options.defaultSchema,
        schemaProvider: options.schemaProvider,
        producer: options.producer,
      }).then((lineage) =>
        lineage.inputs.length === 0 && lineage.outputs.length === 0
          ? undefined
          : { lineage, jobName: jobName(sql, lineage, options.jobNamePrefix) },
      );
      if (cache.size >= cacheSize) cache.delete(cache.keys().next().value!);
    }
    cache.set(key, entry);
    return entry;
  }

  /** Called on the query path: only notes the time and context; the rest happens later. */
  function begin(sql: string, client: PgClientLike): (error?: unknown) => void {
    const startedAt = new Date();
    const parent = currentRunContext();
    const started = prepared(sql, client).then(async (statement): Promise<StatementRun | undefined> => {
      if (!statement) return undefined;
      const run: StatementRun = { runId: newRunId(), jobNamespace: options.namespace, jobName: statement.jobName, sql, lineage: statement.lineage, parent };
      await options.client.emit(events.start(run, startedAt)).catch(reportError);
      return run;
    });
    // Nothing may reject unobserved before the statement ends (that would end the process).
    const startedSafely = started.catch((error: unknown) => {
      reportError(error);
      return undefined;
    });
    return (error?: unknown) => {
      const endedAt = new Date();
      const done = startedSafely
        .then(async (run) => {
          if (!run) return;
          const event = error === undefined ? events.complete(run, endedAt) : events.fail(run, endedAt, error);
          await options.client.emit(event);
        })
        .catch(reportError)
        .finally(() => pending.delete(done));
      pending.add(done);
    };
  }

  function instrumentedQuery(client: PgClientLike, original: QueryFunction): QueryFunction {
    return function query(this: unknown, ...args: any[]) {
      const config = args[0];
      const sql: unknown = typeof config === 'string' ? config : config?.text;
      // Submittables (cursors, streams) report their end their own way: passed through untouched.
      if (typeof sql !== 'string' || typeof config?.submit === 'function') return original.apply(this, args);
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const end = begin(sql, client);
        const callback = args[last];
        args[last] = function (this: unknown, error: unknown, ...rest: unknown[]) {
          end(error ?? undefined);
          return callback.call(this, error, ...rest);
        };
        return original.apply(this, args);
      }
      if (typeof config === 'object' && typeof config.callback === 'function') {
        const end = begin(sql, client);
        const callback = config.callback;
        args[0] = { ...config, callback: (error: unknown, result: unknown) => (end(error ?? undefined), callback(error, result)) };
        return original.apply(this, args);
      }
      const end = begin(sql, client);
      let result;
      try {
        result = original.apply(this, args);
      } catch (error) {
        end(error);
        throw error;
      }
      if (!result || typeof result.then !== 'function') return result;
      return result.then(
        (value: unknown) => (end(), value),
        (error: unknown) => {
          end(error);
          throw error;
        },
      );
    };
  }

  function patch(client: PgClientLike): void {
    const marked = client as PgClientLike & { [PATCHED]?: QueryFunction };
    if (marked[PATCHED]) return;
    const original = client.query;
    marked[PATCHED] = original;
    // An own property over the prototype's method: uninstrument() deletes it again.
    client.query = instrumentedQuery(client, original);
    patched.add(client);
    client.once?.('end', () => patched.delete(client));
  }

  pool.on('connect', patch);
  // Clients the pool opened before it was instrumented (pg-pool keeps them in `_clients`).
  for (const client of (pool as { _clients?: PgClientLike[] })._clients ?? []) patch(client);

  return {
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    uninstrument() {
      pool.removeListener('connect', patch);
      for (const client of patched) {
        const marked = client as Partial<PgClientLike> & { [PATCHED]?: QueryFunction };
        delete marked.query;
        if (marked.query !== marked[PATCHED]) marked.query = marked[PATCHED];
        delete marked[PATCHED];
      }
      patched.clear();
    },
  };
}
