import { isDeletedFacet, storable } from './facets';
import { isJsonObject, JsonObject } from './json';

/**
 * Explicit lineage: the `lineage` facet of LineageFacet 1-0-0, as a job facet (entries of target
 * datasets and jobs, each with the sources that feed it) or as a dataset facet (the sources of the
 * dataset that carries it). Read into edges of the lineage graph, each from one entity (and field)
 * to another; what the edges mean is decided here, once (docs/adr/0030-declared-and-observed-lineage.md).
 */

export type EntityKind = 'dataset' | 'job';

export interface LineageEntity {
  kind: EntityKind;
  namespace: string;
  name: string;
}

export interface LineageTransformation {
  /** '' when the producer named none. */
  type: string;
  subtype: string;
  description: string | null;
  masking: boolean | null;
}

/**
 * One edge: data flows from `origin` to `destination`. Fields are '' at the table level; a
 * field-level edge has both fields, except the dataset-wide dependency (a source field that
 * affects the whole target: `destinationField` ''), as ColumnLineage's `dataset` entries.
 */
export interface ExplicitEdge extends LineageTransformation {
  origin: LineageEntity;
  originField: string;
  destination: LineageEntity;
  destinationField: string;
}

/** What one `lineage` facet states: its edges (none when it declares that nothing feeds its targets). */
export interface ExplicitLineage {
  edges: ExplicitEdge[];
}

const NO_TRANSFORMATION: LineageTransformation = { type: '', subtype: '', description: null, masking: null };
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A source or target naming an entity; a job without namespace and name is the event's own job. */
function entityOf(value: JsonObject, ownJob: LineageEntity | null): LineageEntity | null {
  if (value.type === 'DATASET') {
    return storable(value.namespace) && storable(value.name) ? { kind: 'dataset', namespace: value.namespace, name: value.name } : null;
  }
  if (value.type !== 'JOB') return null;
  if (value.namespace === undefined && value.name === undefined) return ownJob;
  return storable(value.namespace) && storable(value.name) ? { kind: 'job', namespace: value.namespace, name: value.name } : null;
}

function transformationsOf(input: JsonObject): LineageTransformation[] {
  const listed = Array.isArray(input.transformations) ? input.transformations.filter(isJsonObject) : [];
  const read = listed.flatMap((t): LineageTransformation[] => {
    const type = typeof t.type === 'string' ? t.type : '';
    const subtype = typeof t.subtype === 'string' ? t.subtype : '';
    if ((type !== '' && !storable(type)) || (subtype !== '' && !storable(subtype))) return [];
    return [{ type, subtype, description: text(t.description), masking: typeof t.masking === 'boolean' ? t.masking : null }];
  });
  return read.length > 0 ? read : [NO_TRANSFORMATION];
}

const sameEntity = (a: LineageEntity, b: LineageEntity) => a.kind === b.kind && a.namespace === b.namespace && a.name === b.name;

/**
 * Collects the edges of one target. `via` is the job data passes through from a source dataset to
 * a target dataset: the event's own job for a job facet (the edges it owns: source -> job ->
 * target), none for a dataset facet (the target derives from the source directly).
 */
class EdgeCollector {
  readonly edges: ExplicitEdge[] = [];
  private readonly stated = new Set<string>();

  constructor(
    private readonly ownJob: LineageEntity | null,
    private readonly via: LineageEntity | null,
  ) {}

  private push(origin: LineageEntity, originField: string, destination: LineageEntity, destinationField: string, t: LineageTransformation): void {
    if (sameEntity(origin, destination) && originField === destinationField) return;
    const key = JSON.stringify([origin, originField, destination, destinationField, t.type, t.subtype]);
    if (this.stated.has(key)) return;
    this.stated.add(key);
    this.edges.push({ origin, originField, destination, destinationField, ...t });
  }

  /** The table-level edges from a source to a target. */
  private entityEdges(source: LineageEntity, target: LineageEntity): void {
    if (source.kind === 'dataset' && target.kind === 'dataset' && this.via) {
      this.push(source, '', this.via, '', NO_TRANSFORMATION);
      this.push(this.via, '', target, '', NO_TRANSFORMATION);
    } else {
      this.push(source, '', target, '', NO_TRANSFORMATION);
    }
  }

  /** An entry's `inputs`: entity-level sources; a dataset source with a field affects the whole target. */
  inputs(target: LineageEntity, inputs: unknown): void {
    if (!Array.isArray(inputs)) return;
    for (const input of inputs) {
      if (!isJsonObject(input)) continue;
      const source = entityOf(input, this.ownJob);
      if (!source) continue;
      this.entityEdges(source, target);
      if (source.kind === 'dataset' && target.kind === 'dataset' && storable(input.field)) {
        for (const t of transformationsOf(input)) this.push(source, input.field, target, '', t);
      }
    }
  }

  /** An entry's `fields`: per target field, its sources; a source without a field is entity-level only. */
  fields(target: LineageEntity, fields: unknown): void {
    if (!isJsonObject(fields) || target.kind !== 'dataset') return;
    for (const [field, entry] of Object.entries(fields)) {
      if (!storable(field) || !isJsonObject(entry) || !Array.isArray(entry.inputs)) continue;
      for (const input of entry.inputs) {
        if (!isJsonObject(input)) continue;
        const source = entityOf(input, this.ownJob);
        if (!source) continue;
        this.entityEdges(source, target);
        if (source.kind === 'dataset' && storable(input.field)) {
          for (const t of transformationsOf(input)) this.push(source, input.field, target, field, t);
        }
      }
    }
  }
}

/**
 * The `lineage` job facet: each entry a target (a dataset, or a job: the event's own when it names
 * none) and the sources that feed it. A source dataset feeds a target dataset through the event's
 * job; any other source feeds its target directly (job -> dataset, dataset -> job, job -> job).
 * Null when the facet is absent or malformed; `{"_deleted": true}` states no edges.
 */
export function readLineageJobFacet(jobFacets: JsonObject, ownJob: { namespace: string; name: string }): ExplicitLineage | null {
  const facet = jobFacets.lineage;
  if (!isJsonObject(facet)) return null;
  if (isDeletedFacet(facet)) return { edges: [] };
  if (!Array.isArray(facet.entries)) return null;
  const job: LineageEntity = { kind: 'job', ...ownJob };
  const collector = new EdgeCollector(job, job);
  for (const entry of facet.entries) {
    if (!isJsonObject(entry)) continue;
    const target = entityOf(entry, job);
    if (!target) continue;
    collector.inputs(target, entry.inputs);
    collector.fields(target, entry.fields);
  }
  return { edges: collector.edges };
}

/**
 * The `lineage` dataset facet: the sources of the dataset that carries it, at entity level
 * (`inputs`) and per field (`fields`). No job between them: a source dataset feeds it directly.
 * An empty `inputs` states no edges: nothing tracked feeds the dataset.
 */
export function readLineageDatasetFacet(datasetFacets: JsonObject, dataset: { namespace: string; name: string }): ExplicitLineage | null {
  const facet = datasetFacets.lineage;
  if (!isJsonObject(facet)) return null;
  if (isDeletedFacet(facet)) return { edges: [] };
  if (!Array.isArray(facet.inputs) && !isJsonObject(facet.fields)) return null;
  const target: LineageEntity = { kind: 'dataset', ...dataset };
  const collector = new EdgeCollector(null, null);
  collector.inputs(target, facet.inputs);
  collector.fields(target, facet.fields);
  return { edges: collector.edges };
}
