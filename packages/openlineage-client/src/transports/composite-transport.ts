import type { OpenLineageEvent } from '../generated/spec-types';
import { TransportError, type Transport } from './transport';

export interface CompositeTransportOptions {
  transports: Transport[];
  /** Keep going with the next transport when one fails (default true, as in the Python client). */
  continue_on_failure?: boolean;
  /** Keep going after a transport succeeded (default true: every transport gets every event). */
  continue_on_success?: boolean;
}

/**
 * Sends each event through several transports in order. With continue_on_failure (the
 * default) a failing transport does not stop the others; the emit fails only when none delivered.
 */
export class CompositeTransport implements Transport {
  readonly kind = 'composite';
  readonly transports: readonly Transport[];
  private readonly continueOnFailure: boolean;
  private readonly continueOnSuccess: boolean;

  constructor(options: CompositeTransportOptions) {
    if (!options.transports?.length) throw new TypeError('composite transport: transports must name at least one transport');
    this.transports = options.transports;
    this.continueOnFailure = options.continue_on_failure ?? true;
    this.continueOnSuccess = options.continue_on_success ?? true;
  }

  async emit(event: OpenLineageEvent, signal?: AbortSignal): Promise<void> {
    const failures: unknown[] = [];
    let delivered = false;
    for (const transport of this.transports) {
      try {
        await transport.emit(event, signal);
        delivered = true;
        if (!this.continueOnSuccess) return;
      } catch (error) {
        if (!this.continueOnFailure) throw new TransportError(`composite: ${transport.kind} transport failed`, undefined, { cause: error });
        failures.push(error);
      }
    }
    if (!delivered) {
      const reasons = failures.map((error) => (error as Error)?.message ?? String(error)).join('; ');
      throw new TransportError(`composite: no transport delivered the event (${reasons})`, undefined, { cause: new AggregateError(failures, reasons) });
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.transports.map((transport) => transport.close?.()));
  }
}
