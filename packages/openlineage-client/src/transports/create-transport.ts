import { CompositeTransport } from './composite-transport';
import { ConsoleTransport } from './console-transport';
import { FileTransport, type FileTransportOptions } from './file-transport';
import { HttpTransport, type HttpTransportOptions } from './http-transport';
import { NoopTransport } from './noop-transport';
import type { Transport } from './transport';

/** A transport as configuration describes it (`transport:` in openlineage.yml). */
export type TransportConfig =
  | ({ type: 'http' } & HttpTransportOptions)
  | { type: 'console' }
  | ({ type: 'file' } & FileTransportOptions)
  | {
      type: 'composite';
      /** A list, or a map of names to transports (what OPENLINEAGE__TRANSPORT__TRANSPORTS__<NAME>__* gives). */
      transports: TransportConfig[] | Record<string, TransportConfig>;
      continue_on_failure?: boolean;
      continue_on_success?: boolean;
    }
  | { type: 'noop' };

/** Builds the transport a configuration describes; throws a TypeError naming what is wrong. */
export function createTransport(config: TransportConfig): Transport {
  if (typeof config !== 'object' || config === null) throw new TypeError('transport configuration must be an object with a type');
  switch (config.type) {
    case 'http':
      return new HttpTransport(config);
    case 'console':
      return new ConsoleTransport();
    case 'file':
      return new FileTransport(config);
    case 'noop':
      return new NoopTransport();
    case 'composite': {
      const members = Array.isArray(config.transports) ? config.transports : Object.values(config.transports ?? {});
      return new CompositeTransport({
        transports: members.map((member) => createTransport(member)),
        continue_on_failure: config.continue_on_failure,
        continue_on_success: config.continue_on_success,
      });
    }
    default:
      throw new TypeError(`unknown transport type ${JSON.stringify((config as { type?: unknown }).type)}: use http, console, file, composite or noop`);
  }
}
