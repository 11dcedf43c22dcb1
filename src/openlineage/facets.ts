import { createHash } from 'node:crypto';
import { MAX_IDENTIFIER_BYTES } from './event-envelope';
import { isJsonObject, JsonObject, UUID_PATTERN } from './json';

/**
 * Readers for the facets the lineage model uses. Each takes the facets object (or the dataset,
 * job or run holding it) as sent, tolerates any shape, and returns only what is usable: a
 * malformed facet reads as absent, never as an error.
 */

export const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
/** Text that can be part of an index key (PostgreSQL's btree refuses entries above ~2.7 kB). */
export const storable = (v: unknown): v is string => nonEmpty(v) && Buffer.byteLength(v) <= MAX_IDENTIFIER_BYTES;
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function facetsOf(holder: unknown, key = 'facets'): JsonObject {
  return isJsonObject(holder) && isJsonObject(holder[key]) ? holder[key] : {};
}

/** `{"_deleted": true}` removes a job or dataset facet. */
export function isDeletedFacet(facet: unknown): boolean {
  return isJsonObject(facet) && facet._deleted === true;
}

export interface SchemaField {
  name: string;
  type: string | null;
  description: string | null;
  fields?: SchemaField[];
}

export interface Schema {
  fields: SchemaField[];
  /** Some field (at any depth) has a type; Trino's input schemas carry names only. */
  typed: boolean;
  /** sha256 of the field names and types (nested included), independent of field order. */
  hash: string;
}

function readFields(value: unknown): SchemaField[] {
  if (!Array.isArray(value)) return [];
  const fields: SchemaField[] = [];
  for (const f of value) {
    if (!isJsonObject(f) || !storable(f.name)) continue;
    const nested = readFields(f.fields);
    fields.push({
      name: f.name,
      type: text(f.type),
      description: text(f.description),
      ...(nested.length > 0 ? { fields: nested } : {}),
    });
  }
  return fields;
}

type Shape = [string, string | null, Shape[]];
const shape = (fields: SchemaField[]): Shape[] =>
  fields.map((f): Shape => [f.name, f.type, shape(f.fields ?? [])]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
const anyTyped = (fields: SchemaField[]): boolean => fields.some((f) => f.type !== null || anyTyped(f.fields ?? []));

/** The usable fields of the `schema` facet; none when it is absent or malformed. */
function schemaFields(facets: JsonObject): SchemaField[] {
  const schema = facets.schema;
  return isJsonObject(schema) ? readFields(schema.fields) : [];
}

/** Whether the `schema` facet has a typed field, at any depth: what readSchema's `typed` says, without its hash. */
export function hasTypedSchema(facets: JsonObject): boolean {
  return anyTyped(schemaFields(facets));
}

/** The `schema` facet of a dataset; null when absent or without a usable field. */
export function readSchema(facets: JsonObject): Schema | null {
  const fields = schemaFields(facets);
  if (fields.length === 0) return null;
  const hash = createHash('sha256').update(JSON.stringify(shape(fields))).digest('hex');
  return { fields, typed: anyTyped(fields), hash };
}

export interface ColumnDependency {
  namespace: string;
  name: string;
  field: string;
  type: string;
  subtype: string;
  description: string | null;
  masking: boolean | null;
}

export interface ColumnLineage {
  /** Output field -> its dependencies; '' holds the dataset-level (`dataset`) dependencies. */
  fields: Map<string, ColumnDependency[]>;
}

function readDependencies(inputs: unknown, legacyType: string | null, legacyDescription: string | null): ColumnDependency[] {
  if (!Array.isArray(inputs)) return [];
  const out: ColumnDependency[] = [];
  for (const input of inputs) {
    if (!isJsonObject(input) || !storable(input.namespace) || !storable(input.name) || !storable(input.field)) continue;
    const base = { namespace: input.namespace, name: input.name, field: input.field };
    const transformations = Array.isArray(input.transformations) ? input.transformations.filter(isJsonObject) : [];
    if (transformations.length === 0) {
      out.push({ ...base, type: legacyType ?? '', subtype: '', description: legacyDescription, masking: null });
      continue;
    }
    for (const t of transformations) {
      const type = typeof t.type === 'string' ? t.type : '';
      const subtype = typeof t.subtype === 'string' ? t.subtype : '';
      if (Buffer.byteLength(type) > MAX_IDENTIFIER_BYTES || Buffer.byteLength(subtype) > MAX_IDENTIFIER_BYTES) continue;
      out.push({ ...base, type, subtype, description: text(t.description), masking: typeof t.masking === 'boolean' ? t.masking : null });
    }
  }
  return out;
}

/** The `columnLineage` facet (1-0-0 with its deprecated per-field transformation, and 1-2-0). */
export function readColumnLineage(facets: JsonObject): ColumnLineage | null {
  const facet = facets.columnLineage;
  if (!isJsonObject(facet)) return null;
  const fields = new Map<string, ColumnDependency[]>();
  if (isJsonObject(facet.fields)) {
    for (const [field, spec] of Object.entries(facet.fields)) {
      if (!storable(field) || !isJsonObject(spec)) continue;
      fields.set(field, readDependencies(spec.inputFields, text(spec.transformationType), text(spec.transformationDescription)));
    }
  }
  if (Array.isArray(facet.dataset)) fields.set('', readDependencies(facet.dataset, null, null));
  return fields.size > 0 ? { fields } : null;
}

export interface Tag {
  key: string;
  value: string | null;
  source: string | null;
  /** '' when the tag is on the dataset, job or run itself. */
  field: string;
}

/** The `tags` facet of a dataset, job or run. */
export function readTags(facets: JsonObject): Tag[] {
  const facet = facets.tags;
  if (!isJsonObject(facet) || !Array.isArray(facet.tags)) return [];
  const tags: Tag[] = [];
  for (const t of facet.tags) {
    if (!isJsonObject(t) || !storable(t.key)) continue;
    if (t.field !== undefined && t.field !== null && !storable(t.field)) continue;
    tags.push({ key: t.key, value: text(t.value), source: text(t.source), field: typeof t.field === 'string' ? t.field : '' });
  }
  return tags;
}

/** Tags on schema fields (`schema.fields[].tags`, nested fields as `parent.child`). */
export function readFieldTags(facets: JsonObject): Tag[] {
  const schema = facets.schema;
  if (!isJsonObject(schema)) return [];
  const tags: Tag[] = [];
  const walk = (fields: unknown, prefix: string) => {
    if (!Array.isArray(fields)) return;
    for (const f of fields) {
      if (!isJsonObject(f) || !nonEmpty(f.name)) continue;
      const field = prefix + f.name;
      if (!storable(field)) continue;
      for (const t of Array.isArray(f.tags) ? f.tags : []) {
        if (isJsonObject(t) && storable(t.key)) tags.push({ key: t.key, value: text(t.value), source: text(t.source), field });
      }
      walk(f.fields, `${field}.`);
    }
  };
  walk(schema.fields, '');
  return tags;
}

/** The `dataSource` facet: a source name and its URI. */
export function readDataSource(facets: JsonObject): { name: string; uri: string | null } | null {
  const facet = facets.dataSource;
  if (!isJsonObject(facet) || !storable(facet.name)) return null;
  return { name: facet.name, uri: text(facet.uri) };
}

/** A run and its job, as the `parent` run facet names them. */
export interface RunRef {
  runId: string;
  namespace: string;
  name: string;
}

function readRunRef(value: unknown): RunRef | null {
  if (!isJsonObject(value) || !isJsonObject(value.run) || !isJsonObject(value.job)) return null;
  const { runId } = value.run;
  const { namespace, name } = value.job;
  if (typeof runId !== 'string' || !UUID_PATTERN.test(runId) || !storable(namespace) || !storable(name)) return null;
  return { runId: runId.toLowerCase(), namespace, name };
}

/**
 * The `parent` run facet (ParentRunFacet 1-1-0): the parent run and its job, and the root run of
 * the hierarchy when the facet names one (`root`); null without a valid parent.
 */
export function readParent(runFacets: JsonObject): (RunRef & { root: RunRef | null }) | null {
  const parent = runFacets.parent;
  const ref = readRunRef(parent);
  if (!ref || !isJsonObject(parent)) return null;
  return { ...ref, root: readRunRef(parent.root) };
}

/** The `sourceCodeLocation` job facet's url (as Marquez's job location); null when absent or deleted. */
export function readSourceCodeLocation(jobFacets: JsonObject): string | null {
  const facet = jobFacets.sourceCodeLocation;
  return isJsonObject(facet) && !isDeletedFacet(facet) ? text(facet.url) : null;
}
