import * as fs from 'node:fs';
import { Writable } from 'node:stream';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../../app.module';
import { Environment } from '../../core/config/environment';
import { EXPORT_PAGE_DEFAULT, EventExportService } from '../../read/export/event-export.service';
import { CliLog } from '../cli-log';
import { commandDatabase } from '../command-database';

export interface ExportOptions {
  out: string;
  after?: Date;
  before?: Date;
  namespace?: string;
}

const count = (n: number) => n.toLocaleString('en-US');

/** Writes a chunk, waiting for the stream to drain when its buffer is full. */
async function write(stream: Writable, chunk: Buffer): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

/**
 * `export --out FILE`: the log as NDJSON, as GET /api/v1/export/events serves it, read from the
 * database directly (no server needed), page after page; gzip when FILE ends in `.gz`.
 */
export async function exportCommand(env: Environment, log: CliLog, options: ExportOptions): Promise<number> {
  const database = await commandDatabase(env, 'export', log.warn);
  try {
    const app = await NestFactory.createApplicationContext(AppModule.forRoot({ ...env, PROJECTION_WORKERS: 0 }, database), { logger: ['error', 'warn'] });
    try {
      const exporter = app.get(EventExportService);
      const file = fs.createWriteStream(options.out);
      const gzip = options.out.endsWith('.gz') ? createGzip() : null;
      if (gzip) gzip.pipe(file);
      const out: Writable = gzip ?? file;
      let written = 0;
      let cursor: string | undefined;
      do {
        const page = await exporter.page({ ...options, cursor, limit: EXPORT_PAGE_DEFAULT });
        for await (const line of page.lines) {
          await write(out, line);
          written++;
        }
        cursor = page.nextCursor ?? undefined;
        if (cursor) log.info(`export: ${count(written)} event(s) written`);
      } while (cursor);
      out.end();
      await finished(file);
      log.info(`exported ${count(written)} event(s) to ${options.out}`);
      return written;
    } finally {
      await app.close();
    }
  } finally {
    await database.embedded?.stop();
  }
}
