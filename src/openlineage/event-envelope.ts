import { datasetKeyBytes, MAX_DATASET_KEY_BYTES } from './dataset-identity';
import { isJsonObject as isObject, JsonObject as Json, UUID_PATTERN as UUID } from './json';

/**
 * Validation of the OpenLineage envelope: strict where the store would be corrupted (kind, time,
 * run id, job and dataset identity, facets being objects), lenient where real producers are
 * sloppy (no schemaURL, no time offset, facet contents, custom facets). Pure: no I/O.
 */

export type EventKind = 'run' | 'job' | 'dataset';

export const EVENT_TYPES = ['START', 'RUNNING', 'COMPLETE', 'ABORT', 'FAIL', 'OTHER'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface FieldError {
  field: string;
  message: string;
}

export interface ValidEvent {
  kind: EventKind;
  eventType: EventType | null;
  /** ISO 8601 with an explicit offset (UTC assumed when the producer sent none). */
  eventTime: string;
  runId: string | null;
  jobNamespace: string | null;
  jobName: string | null;
  producer: string | null;
  schemaUrl: string | null;
  payload: Record<string, unknown>;
}

/**
 * Namespaces and names are keys of unique indexes; PostgreSQL's btree refuses entries above
 * ~2.7 kB. Longer identifiers are refused here rather than failing a whole commit later.
 */
export const MAX_IDENTIFIER_BYTES = 1000;

export type EnvelopeResult = { ok: true; event: ValidEvent } | { ok: false; errors: FieldError[] };

/** Errors listed in one answer; the rest are counted, so an event of a million bad parts costs one line each. */
export const MAX_REPORTED_ERRORS = 10;

/**
 * Deepest nesting a body may have (checked on its text by ingest's scanJsonShape). Every read
 * path (JSON.stringify, jsonb, the Marquez endpoints) walks an event recursively; ~4,000 levels
 * overflowed them. Real events nest a few levels per nested struct column: 100 leaves room for 45
 * levels of nested structs.
 */
export const MAX_NESTING_DEPTH = 100;

function utcInstant(year: number, month: number, day: number, hours = 0, minutes = 0, seconds = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hours, minutes, seconds, 0);
  return date.getTime();
}

/**
 * Event times must fall within years 1 to 9999 once their offset is applied: PostgreSQL has no
 * year 0 (`0001-01-01T00:00:00+15:00` is 0000-12-31 in UTC) and the read model writes times back
 * as ISO 8601 text, which has four-digit years.
 */
const EARLIEST_EVENT_TIME = utcInstant(1, 1, 1);
const LATEST_EVENT_TIME = utcInstant(10000, 1, 1);

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|z|[+-](\d{2})(?::?(\d{2}))?)?$/;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

class Checker {
  private readonly found: FieldError[] = [];
  private unreported = 0;

  fail(field: string, message: string): void {
    if (this.found.length < MAX_REPORTED_ERRORS) this.found.push({ field, message });
    else this.unreported++;
  }

  get failed(): boolean {
    return this.found.length > 0;
  }

  /** The first MAX_REPORTED_ERRORS errors, and a last entry counting the others. */
  get errors(): FieldError[] {
    if (this.unreported === 0) return this.found;
    return [...this.found, { field: '$', message: `and ${this.unreported} more error(s) not listed` }];
  }

  object(value: unknown, field: string): value is Json {
    if (isObject(value)) return true;
    this.fail(field, value === undefined ? 'is required' : `must be an object, got ${describe(value)}`);
    return false;
  }

  requiredString(value: unknown, field: string): string | null {
    if (typeof value === 'string' && value.trim() !== '') return value;
    this.fail(field, value === undefined ? 'is required' : 'must be a non-empty string');
    return null;
  }

  optionalString(value: unknown, field: string): string | null {
    if (value === undefined) return null;
    if (typeof value === 'string') return value;
    this.fail(field, `must be a string, got ${describe(value)}`);
    return null;
  }

  /** Facet contents are stored as sent; only the container and each facet must be objects. */
  facets(value: unknown, field: string): void {
    if (value === undefined) return;
    if (!this.object(value, field)) return;
    for (const [key, facet] of Object.entries(value)) {
      if (!isObject(facet)) this.fail(`${field}.${key}`, `facet must be an object, got ${describe(facet)}`);
    }
  }

  identifier(value: unknown, field: string): string | null {
    const text = this.requiredString(value, field);
    if (text !== null && Buffer.byteLength(text) > MAX_IDENTIFIER_BYTES) {
      this.fail(field, `must be at most ${MAX_IDENTIFIER_BYTES} bytes (UTF-8)`);
      return null;
    }
    return text;
  }

  identity(value: unknown, field: string): { namespace: string | null; name: string | null } {
    if (!this.object(value, field)) return { namespace: null, name: null };
    return {
      namespace: this.identifier(value.namespace, `${field}.namespace`),
      name: this.identifier(value.name, `${field}.name`),
    };
  }

  dataset(value: unknown, field: string): void {
    const { namespace, name } = this.identity(value, field);
    if (namespace !== null && name !== null && datasetKeyBytes(namespace, name) > MAX_DATASET_KEY_BYTES) {
      this.fail(
        field,
        `namespace and name are too long together: the dataset index holds at most ${MAX_DATASET_KEY_BYTES} bytes of scheme, namespace and name`,
      );
    }
    if (!isObject(value)) return;
    this.facets(value.facets, `${field}.facets`);
    this.facets(value.inputFacets, `${field}.inputFacets`);
    this.facets(value.outputFacets, `${field}.outputFacets`);
  }

  datasetList(value: unknown, field: string): void {
    if (value === undefined) return;
    if (!Array.isArray(value)) {
      this.fail(field, `must be an array, got ${describe(value)}`);
      return;
    }
    value.forEach((dataset, index) => this.dataset(dataset, `${field}[${index}]`));
  }
}

/** Returns the time with an explicit offset, or null when it is not an ISO 8601 date-time. */
export function normalizeEventTime(value: string): string | null {
  const match = DATE_TIME.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s = '00', fraction = '', offset, offsetHours, offsetMinutes] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  if (offsetHours !== undefined && (Number(offsetHours) > 15 || Number(offsetMinutes ?? 0) > 59)) return null;
  const offsetMs = offsetHours === undefined ? 0 : (offset!.startsWith('-') ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes ?? 0)) * 60000;
  const instant = utcInstant(year, month, day, Number(h), Number(mi), Number(s)) - offsetMs;
  if (instant < EARLIEST_EVENT_TIME || instant >= LATEST_EVENT_TIME) return null;
  // PostgreSQL keeps microseconds; more digits (Debezium sends nanoseconds) are truncated.
  const zone = offset === undefined || offset === 'z' ? 'Z' : offset;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${fraction.slice(0, 7)}${zone}`;
}

/** Classifies the event structurally (run, else job, else dataset) and checks its envelope. */
export function validateEnvelope(value: unknown): EnvelopeResult {
  const check = new Checker();
  if (!isObject(value)) {
    return { ok: false, errors: [{ field: '$', message: `event must be a JSON object, got ${describe(value)}` }] };
  }

  let eventTime: string | null = null;
  if (typeof value.eventTime !== 'string') {
    check.fail('eventTime', value.eventTime === undefined ? 'is required' : 'must be an ISO 8601 date-time string');
  } else {
    eventTime = normalizeEventTime(value.eventTime);
    if (eventTime === null) {
      check.fail(
        'eventTime',
        `is not an ISO 8601 date-time between years 1 and 9999 (UTC): ${JSON.stringify(value.eventTime.slice(0, 100))}`,
      );
    }
  }

  let eventType: EventType | null = null;
  if (value.eventType !== undefined) {
    if ((EVENT_TYPES as readonly unknown[]).includes(value.eventType)) eventType = value.eventType as EventType;
    else check.fail('eventType', `must be one of ${EVENT_TYPES.join(', ')}; got ${String(JSON.stringify(value.eventType)).slice(0, 100)}`);
  }

  const producer = check.optionalString(value.producer, 'producer');
  const schemaUrl = check.optionalString(value.schemaURL, 'schemaURL');

  let kind: EventKind;
  let runId: string | null = null;
  let job: { namespace: string | null; name: string | null } = { namespace: null, name: null };
  if ('run' in value) {
    kind = 'run';
    if (check.object(value.run, 'run')) {
      if (typeof value.run.runId === 'string' && UUID.test(value.run.runId)) runId = value.run.runId.toLowerCase();
      else check.fail('run.runId', value.run.runId === undefined ? 'is required' : 'must be a UUID');
      check.facets(value.run.facets, 'run.facets');
    }
  } else if ('job' in value) {
    kind = 'job';
  } else if ('dataset' in value) {
    kind = 'dataset';
  } else {
    check.fail('$', 'event must have a run (run event), a job (job event) or a dataset (dataset event)');
    return { ok: false, errors: check.errors };
  }

  if (kind === 'dataset') {
    check.dataset(value.dataset, 'dataset');
  } else {
    job = check.identity(value.job, 'job');
    if (isObject(value.job)) check.facets(value.job.facets, 'job.facets');
    check.datasetList(value.inputs, 'inputs');
    check.datasetList(value.outputs, 'outputs');
  }

  if (check.failed) return { ok: false, errors: check.errors };
  return {
    ok: true,
    event: {
      kind,
      eventType,
      eventTime: eventTime!,
      runId,
      jobNamespace: job.namespace,
      jobName: job.name,
      producer,
      schemaUrl,
      payload: value,
    },
  };
}

/** An unpaired UTF-16 surrogate: valid in a JSON escape, refused by PostgreSQL's jsonb. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function unstorable(text: string): string | null {
  if (text.includes('\u0000')) return 'contains the character U+0000 (\\u0000), which PostgreSQL cannot store';
  if (LONE_SURROGATE.test(text)) return 'contains an unpaired UTF-16 surrogate, which PostgreSQL cannot store';
  return null;
}

/**
 * PostgreSQL's jsonb cannot hold U+0000 or an unpaired surrogate (both can be written as JSON
 * escapes). Returns the first string or key holding one, with its path, so the event can be
 * refused with a 400 that says where.
 */
export function findUnstorableText(value: unknown, path = '$'): FieldError | null {
  if (typeof value === 'string') {
    const reason = unstorable(value);
    return reason ? { field: path, message: reason } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      const childPath = path === '$' ? key : `${path}.${key}`;
      const reason = unstorable(key);
      if (reason) return { field: childPath, message: `key ${reason}` };
      const found = findUnstorableText(child, childPath);
      if (found) return found;
    }
  }
  return null;
}
