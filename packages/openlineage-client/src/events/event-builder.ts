import {
  CORE_SCHEMA_ID,
  type BaseFacet,
  type Dataset,
  type DatasetEvent,
  type InputDataset,
  type Job,
  type JobEvent,
  type OutputDataset,
  type RunEvent,
} from '../generated/spec-types';
import { DEFAULT_PRODUCER } from '../version';
import {
  completeFacets,
  type DatasetFacetsInput,
  type InputDatasetFacetsInput,
  type JobFacetsInput,
  type OutputDatasetFacetsInput,
  type RunFacetsInput,
} from './facets';

export type RunEventType = NonNullable<RunEvent['eventType']>;

export interface JobInput {
  namespace: string;
  name: string;
  facets?: JobFacetsInput;
}

export interface DatasetInput {
  namespace: string;
  name: string;
  facets?: DatasetFacetsInput;
}

export interface InputDatasetInput extends DatasetInput {
  inputFacets?: InputDatasetFacetsInput;
}

export interface OutputDatasetInput extends DatasetInput {
  outputFacets?: OutputDatasetFacetsInput;
}

export interface RunEventInput {
  eventType: RunEventType;
  /** Defaults to now. */
  eventTime?: Date | string;
  /** `runId` must be the same for every event of one run: make it once with newRunId(). */
  run: { runId: string; facets?: RunFacetsInput };
  job: JobInput;
  inputs?: InputDatasetInput[];
  outputs?: OutputDatasetInput[];
}

export interface JobEventInput {
  eventTime?: Date | string;
  job: JobInput;
  inputs?: InputDatasetInput[];
  outputs?: OutputDatasetInput[];
}

export interface DatasetEventInput {
  eventTime?: Date | string;
  dataset: DatasetInput;
}

export interface EventBuilderOptions {
  /** URI of the code that produces the events (default: this client's npm page at its version). */
  producer?: string;
}

/** `schemaURL` of each event kind: the core schema's definition of it. */
export const EVENT_SCHEMA_URLS = {
  RunEvent: `${CORE_SCHEMA_ID}#/$defs/RunEvent`,
  JobEvent: `${CORE_SCHEMA_ID}#/$defs/JobEvent`,
  DatasetEvent: `${CORE_SCHEMA_ID}#/$defs/DatasetEvent`,
} as const;

/**
 * Builds run, job and dataset events with `producer`, `schemaURL` and every facet's
 * `_producer`/`_schemaURL` set, from plain facet fields keyed as the spec names them.
 */
export class EventBuilder {
  readonly producer: string;

  constructor(options: EventBuilderOptions = {}) {
    this.producer = options.producer ?? DEFAULT_PRODUCER;
  }

  runEvent(input: RunEventInput): RunEvent {
    return {
      eventTime: eventTime(input.eventTime),
      producer: this.producer,
      schemaURL: EVENT_SCHEMA_URLS.RunEvent,
      eventType: input.eventType,
      run: withFacets({ runId: input.run.runId }, completeFacets('RunFacet', input.run.facets, this.producer)),
      job: this.job(input.job),
      inputs: (input.inputs ?? []).map((dataset) => this.inputDataset(dataset)),
      outputs: (input.outputs ?? []).map((dataset) => this.outputDataset(dataset)),
    };
  }

  jobEvent(input: JobEventInput): JobEvent {
    return {
      eventTime: eventTime(input.eventTime),
      producer: this.producer,
      schemaURL: EVENT_SCHEMA_URLS.JobEvent,
      job: this.job(input.job),
      inputs: (input.inputs ?? []).map((dataset) => this.inputDataset(dataset)),
      outputs: (input.outputs ?? []).map((dataset) => this.outputDataset(dataset)),
    };
  }

  datasetEvent(input: DatasetEventInput): DatasetEvent {
    return {
      eventTime: eventTime(input.eventTime),
      producer: this.producer,
      schemaURL: EVENT_SCHEMA_URLS.DatasetEvent,
      dataset: this.dataset(input.dataset),
    };
  }

  private job(job: JobInput): Job {
    return withFacets({ namespace: job.namespace, name: job.name }, completeFacets('JobFacet', job.facets, this.producer));
  }

  private dataset(dataset: DatasetInput): Dataset {
    return withFacets({ namespace: dataset.namespace, name: dataset.name }, completeFacets('DatasetFacet', dataset.facets, this.producer));
  }

  private inputDataset(dataset: InputDatasetInput): InputDataset {
    const inputFacets = completeFacets('InputDatasetFacet', dataset.inputFacets, this.producer);
    return { ...this.dataset(dataset), ...(inputFacets ? { inputFacets } : {}) };
  }

  private outputDataset(dataset: OutputDatasetInput): OutputDataset {
    const outputFacets = completeFacets('OutputDatasetFacet', dataset.outputFacets, this.producer);
    return { ...this.dataset(dataset), ...(outputFacets ? { outputFacets } : {}) };
  }
}

function eventTime(value: Date | string | undefined): string {
  if (value === undefined) return new Date().toISOString();
  return typeof value === 'string' ? value : value.toISOString();
}

function withFacets<T extends object>(base: T, facets: Record<string, BaseFacet> | undefined): T & { facets?: Record<string, BaseFacet> } {
  return facets ? { ...base, facets } : base;
}
