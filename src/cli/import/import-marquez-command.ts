import { Environment } from '../../core/config/environment';
import { CliLog } from '../cli-log';
import { commandDatabase } from '../command-database';
import { EventImporter, IMPORT_BATCH_EVENTS, ImportCounts } from './event-importer';
import { countsLine } from './import-command';
import { MarquezEvents, MarquezPosition, marquezSourceName } from './marquez-events';

const PROGRESS_INTERVAL_MS = 2000;
const count = (n: number) => n.toLocaleString('en-US');
const where = (p: MarquezPosition) => `created_at ${p.createdAt}, event_time ${p.eventTime}`;

export interface ImportMarquezOptions {
  /** Forget the checkpoint: read Marquez's log from its beginning (what is in the log already is not stored again). */
  fromStart: boolean;
}

/**
 * `import-marquez --from URL`: Marquez's `lineage_events`, in the order Marquez received them,
 * through ingest's checks into the log, then projected. After each batch the position is saved
 * (import_checkpoints), so a run that is interrupted, or a later run for the events Marquez took
 * since, goes on from there.
 */
export async function importMarquezCommand(env: Environment, log: CliLog, from: string, options: ImportMarquezOptions): Promise<ImportCounts> {
  const source = marquezSourceName(from);
  const database = await commandDatabase(env, 'import-marquez', log.warn);
  try {
    const importer = await EventImporter.open(env, database, (r) => log.warn(`import-marquez: the event at ${r.position} was refused (${r.code}): ${r.reason}`));
    try {
      const checkpoints = importer.checkpoints<MarquezPosition>(source);
      if (options.fromStart) await checkpoints.clear();
      const start = await checkpoints.load();
      const { events, total } = await MarquezEvents.open(from, start);
      log.info(`import-marquez: ${count(total)} event(s) to read from ${source}${start ? `, resuming at ${where(start)}` : ''}`);
      let reportedAt = Date.now();
      try {
        for (let batch = await events.next(IMPORT_BATCH_EVENTS); batch.length > 0; batch = await events.next(IMPORT_BATCH_EVENTS)) {
          await importer.ingest(batch.map((e) => ({ text: e.text, position: where(e.position) })));
          await checkpoints.save(batch[batch.length - 1].position);
          if (Date.now() - reportedAt >= PROGRESS_INTERVAL_MS) {
            reportedAt = Date.now();
            const percent = total > 0 ? Math.floor((importer.counts.read * 100) / total) : 100;
            log.info(`import-marquez: ${count(importer.counts.read)} of ${count(total)} (${percent}%): ${countsLine(importer.counts)}`);
          }
        }
      } finally {
        await events.close();
      }
      log.info(`import-marquez: ${countsLine(importer.counts)}; projecting`);
      await importer.project((depth) => log.info(`import-marquez: projecting, ${count(depth)} event(s) to go`));
      log.info(`imported ${source}: ${countsLine(importer.counts)}; projected`);
      return importer.counts;
    } finally {
      await importer.close();
    }
  } finally {
    await database.embedded?.stop();
  }
}
