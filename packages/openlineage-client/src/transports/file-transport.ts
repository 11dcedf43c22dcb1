import { appendFile, writeFile } from 'node:fs/promises';
import type { OpenLineageEvent } from '../generated/spec-types';
import type { Transport } from './transport';

/** Options named as the Python client's file transport names them. */
export interface FileTransportOptions {
  log_file_path: string;
  /**
   * true (this client's default): every event is appended to log_file_path as one JSON line.
   * false: each event goes to its own file, log_file_path suffixed with the time (as the
   * Python client does when `append` is false, its default).
   */
  append?: boolean;
}

export class FileTransport implements Transport {
  readonly kind = 'file';
  private readonly path: string;
  private readonly append: boolean;
  /** Appends are chained, so that lines keep the order of emit() calls even with concurrent emits. */
  private tail: Promise<void> = Promise.resolve();

  constructor(options: FileTransportOptions) {
    if (!options.log_file_path) throw new TypeError('file transport: log_file_path is required');
    this.path = options.log_file_path;
    this.append = options.append ?? true;
  }

  emit(event: OpenLineageEvent): Promise<void> {
    const line = `${JSON.stringify(event)}\n`;
    if (!this.append) return writeFile(`${this.path}-${fileTimestamp()}`, line, { flag: 'wx' });
    const written = this.tail.then(() => appendFile(this.path, line));
    this.tail = written.catch(() => undefined);
    return written;
  }
}

/** 20260102-030405.678901: the Python client's `%Y%m%d-%H%M%S.%f`, microseconds padded from a counter so names never collide. */
let sequence = 0;
function fileTimestamp(): string {
  const now = new Date();
  const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
  sequence = (sequence + 1) % 1000;
  const date = `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}`;
  const time = `${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}`;
  return `${date}-${time}.${pad(now.getUTCMilliseconds(), 3)}${pad(sequence, 3)}`;
}
