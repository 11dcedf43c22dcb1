import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { CORE_SCHEMA_ID, FACET_TABLE, type FacetAttachment } from '../generated/spec-types';
import { loadSpecSchemas } from '../spec-schemas';

export interface ValidationProblem {
  /** Where in the event, as a JSON Pointer (`/run/facets/nominalTime/nominalStartTime`). */
  path: string;
  message: string;
}

export interface ValidationResult {
  valid: boolean;
  problems: ValidationProblem[];
}

type Json = Record<string, unknown>;

/**
 * Validates events against the vendored spec: the core schema (draft 2020-12, formats checked),
 * then every facet the spec defines against its own facet schema, matched by key and attachment
 * point (the core schema only checks a facet's `_producer`/`_schemaURL`). Custom facets (keys the
 * spec does not define) are checked by the core schema only.
 */
export class EventValidator {
  private readonly core: ValidateFunction;
  private readonly kinds: Record<'RunEvent' | 'JobEvent' | 'DatasetEvent', ValidateFunction>;
  private readonly facets = new Map<string, ValidateFunction>();

  constructor() {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    for (const schema of loadSpecSchemas()) ajv.addSchema(schema);
    this.core = ajv.getSchema(CORE_SCHEMA_ID)!;
    this.kinds = {
      RunEvent: ajv.getSchema(`${CORE_SCHEMA_ID}#/$defs/RunEvent`)!,
      JobEvent: ajv.getSchema(`${CORE_SCHEMA_ID}#/$defs/JobEvent`)!,
      DatasetEvent: ajv.getSchema(`${CORE_SCHEMA_ID}#/$defs/DatasetEvent`)!,
    };
    for (const row of FACET_TABLE) {
      this.facets.set(`${row.attachment}/${row.key}`, ajv.getSchema(row.schemaURL)!);
    }
  }

  validate(event: unknown): ValidationResult {
    const problems: ValidationProblem[] = [];
    if (!this.core(event)) problems.push(...this.envelopeProblems(event));
    if (isObject(event)) {
      this.checkFacets(problems, 'RunFacet', '/run/facets', child(event.run, 'facets'));
      this.checkFacets(problems, 'JobFacet', '/job/facets', child(event.job, 'facets'));
      this.checkDatasets(problems, '/inputs', event.inputs, 'inputFacets', 'InputDatasetFacet');
      this.checkDatasets(problems, '/outputs', event.outputs, 'outputFacets', 'OutputDatasetFacet');
      if (isObject(event.dataset)) this.checkFacets(problems, 'DatasetFacet', '/dataset/facets', child(event.dataset, 'facets'));
    }
    return { valid: problems.length === 0, problems };
  }

  /**
   * The core schema is a oneOf of the three kinds, whose errors list every branch's failures; the
   * branch the event's shape calls for names the actual problem. Its own errors are used unless
   * the event matches it (then the oneOf itself is the problem, e.g. a run event with a dataset).
   */
  private envelopeProblems(event: unknown): ValidationProblem[] {
    const kind = !isObject(event) ? undefined : 'run' in event ? 'RunEvent' : 'dataset' in event ? 'DatasetEvent' : 'job' in event ? 'JobEvent' : undefined;
    const branch = kind ? this.kinds[kind] : undefined;
    if (branch && !branch(event)) return toProblems(branch.errors, '');
    return toProblems(this.core.errors, '');
  }

  private checkDatasets(problems: ValidationProblem[], path: string, datasets: unknown, ownKey: string, ownAttachment: FacetAttachment): void {
    if (!Array.isArray(datasets)) return;
    datasets.forEach((dataset, index) => {
      this.checkFacets(problems, 'DatasetFacet', `${path}/${index}/facets`, child(dataset, 'facets'));
      this.checkFacets(problems, ownAttachment, `${path}/${index}/${ownKey}`, child(dataset, ownKey));
    });
  }

  private checkFacets(problems: ValidationProblem[], attachment: FacetAttachment, path: string, facets: unknown): void {
    if (!isObject(facets)) return;
    for (const [key, facet] of Object.entries(facets)) {
      const validate = this.facets.get(`${attachment}/${key}`);
      if (validate && !validate(facet)) problems.push(...toProblems(validate.errors, `${path}/${escapePointer(key)}`));
    }
  }
}

let shared: EventValidator | undefined;

/** Validates one event against the vendored OpenLineage schemas (compiled once, on first use). */
export function validateEvent(event: unknown): ValidationResult {
  shared ??= new EventValidator();
  return shared.validate(event);
}

function toProblems(errors: ErrorObject[] | null | undefined, prefix: string): ValidationProblem[] {
  return (errors ?? []).map((error) => ({ path: `${prefix}${error.instancePath}`, message: error.message ?? error.keyword }));
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function child(value: unknown, key: string): unknown {
  return isObject(value) ? value[key] : undefined;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
