import type { Writable } from 'node:stream';
import type { OpenLineageEvent } from '../generated/spec-types';
import type { Transport } from './transport';

export interface ConsoleTransportOptions {
  /** Where the lines go (default process.stdout). */
  stream?: Writable;
}

/** Writes each event as one JSON line to stdout: for development, as the Python client's console transport. */
export class ConsoleTransport implements Transport {
  readonly kind = 'console';
  private readonly stream: Writable;

  constructor(options: ConsoleTransportOptions = {}) {
    this.stream = options.stream ?? process.stdout;
  }

  emit(event: OpenLineageEvent): Promise<void> {
    return new Promise((resolve, reject) => {
      this.stream.write(`${JSON.stringify(event)}\n`, (error) => (error ? reject(error) : resolve()));
    });
  }
}
