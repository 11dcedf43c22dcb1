import { ConfigurationError } from '../core/config/configuration-error';
import { Environment } from '../core/config/environment';
import { createDataSource, DatabaseTarget } from '../database/data-source';
import { RetentionReport, runRetention } from '../lifecycle/retention';
import { CliLog } from './cli-log';
import { commandDatabase } from './command-database';

const count = (n: number) => n.toLocaleString('en-US');
const day = (time: Date | null) => (time ? time.toISOString().slice(0, 10) : 'the beginning');

/** The report as lines for a person: each partition, then the read rows. */
export function retentionLines(report: RetentionReport): string[] {
  const verb = report.dryRun ? 'would retire' : 'retired';
  if (report.skipped) return [`retention: nothing done: ${report.skipped}`];
  const lines = [`retention: events received before ${report.cutoff.toISOString()} go; ${report.partitions.length} partition(s) ${verb}`];
  for (const p of report.partitions) {
    lines.push(
      `retention: ${verb} ${p.name} (${day(p.from)} to ${day(p.to)}): ${count(p.events)} events, ${count(p.bytes)} bytes` +
        (p.elapsedMs === undefined ? '' : `, in ${count(p.elapsedMs)} ms`),
    );
  }
  const rows = Object.entries(report.removedRows).filter(([, n]) => n > 0);
  const what = report.dryRun ? 'run-level read rows that would be deleted' : 'read rows deleted';
  lines.push(`retention: ${what}: ${rows.length ? rows.map(([table, n]) => `${table} ${count(n)}`).join(', ') : 'none'}`);
  return lines;
}

export async function retention(database: DatabaseTarget, retentionDays: number, dryRun: boolean): Promise<RetentionReport> {
  const dataSource = createDataSource({ ...database, poolSize: 1, connectTimeoutMs: 10000, applicationName: 'metadata-store-retention' });
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  try {
    return await runRetention((sql, params) => runner.query(sql, params), { retentionDays, dryRun });
  } finally {
    await runner.release();
    await dataSource.destroy();
  }
}

/** `retention [--dry-run]`: retires now what RETENTION_DAYS says, or prints what would go. */
export async function retentionCommand(env: Environment, args: string[], log: CliLog): Promise<void> {
  const unknown = args.filter((a) => a !== '--dry-run');
  if (unknown.length > 0) throw new ConfigurationError(`retention: unknown option ${unknown[0]}; usage: metadata-store retention [--dry-run]`);
  if (env.RETENTION_DAYS === undefined) {
    throw new ConfigurationError('retention: RETENTION_DAYS is not set, so the log keeps everything; set it to the days of events to keep');
  }
  const database = await commandDatabase(env, 'retention', log.warn);
  try {
    const report = await retention(database, env.RETENTION_DAYS, args.includes('--dry-run'));
    for (const line of retentionLines(report)) log.info(line);
  } finally {
    await database.embedded?.stop();
  }
}
