import { Injectable } from '@nestjs/common';
import { InvalidInputError } from '../../core/errors/domain-errors';
import { EventExportRepository, ExportEntry } from '../../log/event-export.repository';
import { eventNamesNamespace } from '../../openlineage/event-namespaces';
import { decodeExportCursor, encodeExportCursor } from './export-cursor';
import { ndjsonLine } from './ndjson-line';

/** Events a page examines by default, and at most. */
export const EXPORT_PAGE_DEFAULT = 10_000;
export const EXPORT_PAGE_MAX = 50_000;
/** Payloads are read in chunks of at most this many events or (stored) bytes: what an export holds in memory. */
const READ_CHUNK_EVENTS = 200;
const READ_CHUNK_BYTES = 4 * 1024 * 1024;

export interface ExportQuery {
  /** Received at or after (inclusive). */
  after?: Date;
  /** Received before (exclusive). */
  before?: Date;
  namespace?: string;
  cursor?: string;
  limit: number;
}

export interface ExportPage {
  /** The cursor of the next page; null when this page reaches the end of the log (as it was when read). */
  nextCursor: string | null;
  /** The page's events as NDJSON lines, read chunk by chunk as they are consumed. */
  lines: AsyncIterable<Buffer>;
}

/** Cuts the entries into reads bounded in events and bytes. */
function* readChunks(entries: ExportEntry[]): Generator<ExportEntry[]> {
  let chunk: ExportEntry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    if (chunk.length > 0 && (chunk.length >= READ_CHUNK_EVENTS || bytes + entry.bytes > READ_CHUNK_BYTES)) {
      yield chunk;
      chunk = [];
      bytes = 0;
    }
    chunk.push(entry);
    bytes += entry.bytes;
  }
  if (chunk.length > 0) yield chunk;
}

/**
 * The log as NDJSON, in log order, page by page. A page examines up to `limit` events of the
 * received-time window beyond its cursor (the ids alone, one statement) and then reads their
 * payloads a chunk at a time, as the consumer takes the lines: memory holds one chunk, and no
 * connection is held between reads. With `namespace`, a page may hold fewer events than it
 * examined, even none, and still have a next page.
 */
@Injectable()
export class EventExportService {
  constructor(private readonly log: EventExportRepository) {}

  async page(query: ExportQuery): Promise<ExportPage> {
    const afterId = query.cursor === undefined ? undefined : decodeExportCursor(query.cursor);
    if (afterId === null) throw new InvalidInputError('BAD_CURSOR', 'cursor is not a cursor returned by this endpoint');
    if (query.after && query.before && query.after >= query.before) {
      throw new InvalidInputError('INVALID_PARAMETER', 'after must be earlier than before');
    }
    const entries = await this.log.scan({ after: query.after, before: query.before, afterId, limit: query.limit });
    const last = entries[entries.length - 1];
    return {
      nextCursor: entries.length === query.limit && last ? encodeExportCursor(last.id) : null,
      lines: this.lines(entries, query.namespace),
    };
  }

  private async *lines(entries: ExportEntry[], namespace: string | undefined): AsyncGenerator<Buffer> {
    for (const chunk of readChunks(entries)) {
      const inJobNamespace = new Set(chunk.filter((e) => namespace === undefined || e.jobNamespace === namespace).map((e) => e.id));
      for (const { id, text } of await this.log.payloads(chunk.map((e) => e.id))) {
        // Only an event whose job is elsewhere is parsed, to look for a dataset in the namespace.
        if (namespace !== undefined && !inJobNamespace.has(id) && !eventNamesNamespace(JSON.parse(text), namespace)) continue;
        yield ndjsonLine(text);
      }
    }
  }
}
