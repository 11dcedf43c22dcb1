/** @metadata-store/openlineage-client: an OpenLineage client for Node.js. */
export * from './generated/spec-types';
export { OpenLineageClient, type OpenLineageClientOptions, type ClientStats } from './client/openlineage-client';
export { QueueFullError, ClientClosedError, InvalidEventError, StartNotDeliveredError } from './client/errors';
export {
  EventBuilder,
  EVENT_SCHEMA_URLS,
  type EventBuilderOptions,
  type RunEventInput,
  type JobEventInput,
  type DatasetEventInput,
  type RunEventType,
  type JobInput,
  type DatasetInput,
  type InputDatasetInput,
  type OutputDatasetInput,
} from './events/event-builder';
export {
  completeFacets,
  specFacetSchemaURL,
  type FacetFields,
  type CustomFacet,
  type RunFacetsInput,
  type JobFacetsInput,
  type DatasetFacetsInput,
  type InputDatasetFacetsInput,
  type OutputDatasetFacetsInput,
} from './events/facets';
export { newRunId } from './events/run-id';
export { EventValidator, validateEvent, type ValidationResult, type ValidationProblem } from './validation/event-validator';
export { loadSpecSchemas, SPEC_DIR } from './spec-schemas';
export { loadConfig, type OpenLineageConfig, type ResolvedConfig, type ConfigSources } from './config/load-config';
export { createTransport, type TransportConfig } from './transports/create-transport';
export { TransportError, type Transport } from './transports/transport';
export { HttpTransport, type HttpTransportOptions, type HttpAuthOptions } from './transports/http-transport';
export type { HttpRetryOptions } from './transports/http-retry';
export { ConsoleTransport, type ConsoleTransportOptions } from './transports/console-transport';
export { FileTransport, type FileTransportOptions } from './transports/file-transport';
export { CompositeTransport, type CompositeTransportOptions } from './transports/composite-transport';
export { NoopTransport } from './transports/noop-transport';
export { CLIENT_NAME, CLIENT_VERSION, DEFAULT_PRODUCER } from './version';
export * from './sql';
export * from './instrumentation';
