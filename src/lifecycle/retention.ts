import { LogPartitions, Query } from '../log/partitions/log-partitions';
import { RemovedRows, RetiredReadRows } from '../projection/retention/retired-read-rows';

/** Only retention takes this session lock: one replica (or command) retires at a time. */
const RETENTION_LOCK_KEY = 7_364_201_513;
const RUN_BATCH = 500;
const EVENT_BATCH = 5000;
const KEY_BATCH = 5000;
const DAY_MS = 86_400_000;

export interface RetiredPartition {
  name: string;
  from: Date | null;
  to: Date;
  events: number;
  bytes: number;
  /** How long its retirement took (not for a dry run). */
  elapsedMs?: number;
  /** Of which: detaching, deleting read rows, forgetting keys, dropping. */
  phasesMs?: { detach: number; readRows: number; keys: number; drop: number };
}

export interface RetentionReport {
  dryRun: boolean;
  /** Events received before this are retired: partitions wholly before it go. */
  cutoff: Date;
  /** Set when another replica holds the retention lock: nothing was done. */
  skipped?: string;
  partitions: RetiredPartition[];
  /** Read rows removed (or, for a dry run, the run-level rows that would be). */
  removedRows: RemovedRows;
}

export interface RetentionOptions {
  retentionDays: number;
  dryRun: boolean;
  now?: Date;
  /** Told each partition as it is retired (a log line, metrics). */
  onRetired?: (partition: RetiredPartition, removedRows: RemovedRows) => void;
  /** Asked between batches: true stops the retirement there (a shutdown); the next run finishes it. */
  shouldStop?: () => boolean;
}

/**
 * Retires the log's partitions wholly older than the retention: each is detached (concurrently),
 * the read rows its events leave behind are deleted in batches (runs none of whose events is left,
 * the events' dataset links, replaced versions and edges), its content hashes are forgotten, and
 * it is dropped. A retirement that stops part way leaves the partition detached; the next run
 * finishes it. `query` must be one connection (the advisory lock is the session's).
 */
export async function runRetention(query: Query, options: RetentionOptions): Promise<RetentionReport> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.retentionDays * DAY_MS);
  const report: RetentionReport = { dryRun: options.dryRun, cutoff, partitions: [], removedRows: {} };
  const [{ locked }] = await query('SELECT pg_try_advisory_lock($1) AS locked', [RETENTION_LOCK_KEY]);
  if (!locked) return { ...report, skipped: 'another replica is retiring partitions' };
  try {
    // Detaching waits for older transactions, and a batch loop runs long: no statement timeout.
    await query('SET statement_timeout = 0');
    const log = new LogPartitions(query);
    const readRows = new RetiredReadRows(query);
    const retirable = await log.retirable(cutoff);
    const stop = options.shouldStop ?? (() => false);
    for (const partition of retirable) {
      if (stop()) break;
      const { rows, bytes } = await log.size(partition.name);
      const retired: RetiredPartition = { name: partition.name, from: partition.from, to: partition.to, events: rows, bytes };
      if (options.dryRun) {
        await forEachRetiredRun(log, partition.name, retirable.map((p) => p.name), (runIds) => readRows.countRuns(runIds, report.removedRows));
        report.partitions.push(retired);
        continue;
      }
      const started = Date.now();
      const removed: RemovedRows = {};
      let mark = started;
      const since = () => {
        const now = Date.now();
        const took = now - mark;
        mark = now;
        return took;
      };
      await log.detach(partition);
      const detach = since();
      await forEachRetiredRun(log, partition.name, [], (runIds) => readRows.removeRuns(runIds, removed), stop);
      for (let after = '0'; !stop(); ) {
        const eventIds = await log.eventIdsIn(partition.name, after, EVENT_BATCH);
        if (eventIds.length === 0) break;
        await readRows.removeEvents(eventIds, removed);
        after = eventIds[eventIds.length - 1];
      }
      const readRowsMs = since();
      if (stop() || !(await log.forgetKeys(partition.name, KEY_BATCH, stop)).done) break;
      const keys = since();
      await log.drop(partition.name);
      retired.phasesMs = { detach, readRows: readRowsMs, keys, drop: since() };
      retired.elapsedMs = Date.now() - started;
      for (const [table, n] of Object.entries(removed)) report.removedRows[table] = (report.removedRows[table] ?? 0) + n;
      report.partitions.push(retired);
      options.onRetired?.(retired, removed);
    }
    return report;
  } finally {
    await query('RESET statement_timeout');
    await query('SELECT pg_advisory_unlock($1)', [RETENTION_LOCK_KEY]);
  }
}

/** The runs of a partition none of whose events is left in the log outside `leaving` partitions, in batches. */
async function forEachRetiredRun(
  log: LogPartitions,
  partition: string,
  leaving: string[],
  each: (runIds: string[]) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<void> {
  for (let after: string | null = null; !stop(); ) {
    const runIds = await log.runIdsIn(partition, after, RUN_BATCH);
    if (runIds.length === 0) return;
    const kept = await log.runsStillLogged(runIds, leaving);
    await each(runIds.filter((id) => !kept.has(id)));
    after = runIds[runIds.length - 1];
  }
}

