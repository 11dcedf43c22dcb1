import { addedField, ColumnSource, columnSources, TypeClass, VOCABULARY } from '../fields';
import { Prng } from '../prng';
import { Run } from '../schedule';
import { Producer, World } from '../world';

export interface DatasetRef {
  namespace: string;
  name: string;
  fields: number[];
}

export interface OutputRef extends DatasetRef {
  /** Per output field, the input columns it is computed from. */
  sources: Map<number, ColumnSource[]>;
}

/** Everything an event builder needs about one run, resolved from the world. */
export interface RunContext {
  world: World;
  producer: Producer;
  run: Run;
  jobName: string;
  inputs: DatasetRef[];
  outputs: OutputRef[];
  /** Per-run randomness (ids, statistics), independent of the order runs are built in. */
  prng: Prng;
}

/** Jobs whose output gains a column half-way through their runs: a new dataset version. */
const schemaChanges = (job: number) => job % 10 === 3;

export function runContext(world: World, run: Run): RunContext {
  const producer = world.producers[run.producer];
  const job = producer.dag.jobs[run.job];
  const later = run.runs >= 2 && run.index >= Math.floor(run.runs / 2);
  const ref = (dataset: number): DatasetRef => ({
    namespace: producer.datasetNamespace(dataset),
    name: producer.datasetName(dataset),
    fields: Array.from(producer.fields.get(dataset)),
  });
  const inputs = (later && job.laterInputs ? job.laterInputs : job.inputs).map(ref);
  const inputFields = inputs.map((input) => input.fields);
  const outputs = job.outputs.map((dataset, o) => {
    const output = ref(dataset);
    if (o === 0 && later && run.runs >= 4 && schemaChanges(run.job)) output.fields.push(addedField(output.fields));
    const sources = new Map(output.fields.map((field) => [field, columnSources(field, inputFields)]));
    return { ...output, sources };
  });
  const prng = new Prng((Math.imul(world.seed + 1, 0x9e3779b1) ^ Math.imul(run.producer + 1, 0x85ebca6b) ^ Math.imul(run.job + 1, 0xc2b2ae35) ^ run.index) >>> 0);
  return { world, producer, run, jobName: producer.jobName(run.job), inputs, outputs, prng };
}

export const fieldName = (field: number) => VOCABULARY[field].name;
export const typeClass = (field: number): TypeClass => VOCABULARY[field].type;

export function facet(producer: string, schema: string, body: Record<string, unknown>): Record<string, unknown> {
  return { _producer: producer, _schemaURL: schema.startsWith('https://') ? schema : `https://openlineage.io/spec/facets/${schema}`, ...body };
}

export const RUN_EVENT_SCHEMA = 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent';
/** Custom run facets (Trino's trino_*) point at the generic RunFacet definition. */
export const CUSTOM_RUN_FACET = 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunFacet';

export function schemaFacet(producer: string, fields: number[], types: Record<TypeClass, string> | null): Record<string, unknown> {
  return facet(producer, '1-2-0/SchemaDatasetFacet.json#/$defs/SchemaDatasetFacet', {
    fields: fields.map((f) => (types ? { name: fieldName(f), type: types[typeClass(f)] } : { name: fieldName(f) })),
  });
}

/**
 * The 1-2-0 columnLineage facet: per output column its input columns with transformations, and
 * the dataset-level dependencies (join keys) every column depends on indirectly. Some jobs mask
 * email addresses.
 */
export function columnLineageFacet(producer: string, context: RunContext, output: OutputRef): Record<string, unknown> {
  const masks = context.run.job % 3 === 0;
  const fields: Record<string, unknown> = {};
  for (const [field, sources] of output.sources) {
    fields[fieldName(field)] = {
      inputFields: sources.map((source) => {
        const input = context.inputs[source.input];
        const masked = masks && fieldName(source.field) === 'email';
        return {
          namespace: input.namespace,
          name: input.name,
          field: fieldName(source.field),
          transformations: [
            masked
              ? { type: 'DIRECT', subtype: 'TRANSFORMATION', description: 'sha256(email)', masking: true }
              : { type: source.type, subtype: source.subtype, description: '', masking: false },
          ],
        };
      }),
    };
  }
  const dataset = context.inputs.slice(1).map((input) => ({
    namespace: input.namespace,
    name: input.name,
    field: fieldName(input.fields[0]),
    transformations: [{ type: 'INDIRECT', subtype: 'JOIN', description: '', masking: false }],
  }));
  return facet(producer, '1-2-0/ColumnLineageDatasetFacet.json#/$defs/ColumnLineageDatasetFacet', { fields, dataset });
}

/** The input columns the run's outputs read (Trino's name-only input schemas). */
export function columnsRead(context: RunContext, input: number): number[] {
  const read = new Set<number>([context.inputs[input].fields[0]]);
  for (const output of context.outputs) {
    for (const sources of output.sources.values()) for (const s of sources) if (s.input === input) read.add(s.field);
  }
  return [...read];
}
