import type { Transport } from './transport';

/** Emits nothing: what OPENLINEAGE_DISABLED=true selects. */
export class NoopTransport implements Transport {
  readonly kind = 'noop';

  async emit(): Promise<void> {}
}
