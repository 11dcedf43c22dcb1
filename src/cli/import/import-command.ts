import { Environment } from '../../core/config/environment';
import { CliLog } from '../cli-log';
import { commandDatabase } from '../command-database';
import { EventImporter, IMPORT_BATCH_EVENTS, ImportCounts, SourceEvent } from './event-importer';
import { fileLines } from './file-lines';

const PROGRESS_INTERVAL_MS = 2000;
const count = (n: number) => n.toLocaleString('en-US');

export const countsLine = (c: ImportCounts) =>
  `${count(c.read)} read, ${count(c.stored)} stored, ${count(c.duplicates)} already in the log, ${count(c.refused)} refused`;

/**
 * `import --from FILE`: every line of an NDJSON file (an export, gzip or not) through ingest's
 * checks into the log, then projected. Running it again, after an interruption, stores only what
 * is not in the log yet (an event's text is stored once).
 */
export async function importCommand(env: Environment, log: CliLog, from: string): Promise<ImportCounts> {
  const database = await commandDatabase(env, 'import', log.warn);
  try {
    const importer = await EventImporter.open(env, database, (r) => log.warn(`import: line ${r.position} refused (${r.code}): ${r.reason}`));
    try {
      let batch: SourceEvent[] = [];
      let reportedAt = Date.now();
      for await (const { line, text } of fileLines(from)) {
        batch.push({ text, position: String(line) });
        if (batch.length < IMPORT_BATCH_EVENTS) continue;
        await importer.ingest(batch);
        batch = [];
        if (Date.now() - reportedAt >= PROGRESS_INTERVAL_MS) {
          reportedAt = Date.now();
          log.info(`import: ${countsLine(importer.counts)}`);
        }
      }
      await importer.ingest(batch);
      log.info(`import: ${countsLine(importer.counts)}; projecting`);
      await importer.project((depth) => log.info(`import: projecting, ${count(depth)} event(s) to go`));
      log.info(`imported ${from}: ${countsLine(importer.counts)}; projected`);
      return importer.counts;
    } finally {
      await importer.close();
    }
  } finally {
    await database.embedded?.stop();
  }
}
