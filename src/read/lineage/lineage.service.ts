import { Injectable } from '@nestjs/common';
import { InvalidInputError } from '../../core/errors/domain-errors';
import { datasetFieldNodeId, datasetNodeId, jobNodeId, typedNodeId } from '../../openlineage/node-id';
import { DatasetViewsService } from '../datasets/dataset-views.service';
import { JobsService } from '../jobs/jobs.service';
import { LineageSource, mergeFlags, sourceOf } from '../shared/lineage-source';
import { DatasetNodeView, JobNodeView } from '../shared/views';
import { ColumnEdge, FieldKey, LineageWalkRepository, WalkDirection } from './lineage-walk.repository';
import { NodeResolver } from './node-resolver.service';

export type GraphDirection = WalkDirection | 'both';

export interface WalkOptions {
  depth: number;
  direction: GraphDirection;
  asOf: Date | null;
  maxNodes: number;
}

export interface GraphEdge {
  origin: string;
  destination: string;
  source: LineageSource;
}

export type TableNode = { id: string; type: 'DATASET'; dataset: DatasetNodeView } | { id: string; type: 'JOB'; job: JobNodeView };

export interface TableGraph {
  nodes: TableNode[];
  edges: GraphEdge[];
  truncated: boolean;
}

export interface FieldNode {
  id: string;
  namespace: string;
  dataset: string;
  datasetVersion: string | null;
  field: string;
  fieldType: string | null;
  /** Breadth-first distance from where the walk started. */
  depth: number;
}

export interface FieldEdge extends Omit<ColumnEdge, 'observed' | 'declared'> {
  origin: string;
  destination: string;
  source: LineageSource;
}

export interface FieldGraph {
  nodes: FieldNode[];
  /** Data flows from `origin` (an input field) to `destination` (an output field). */
  edges: FieldEdge[];
  truncated: boolean;
}

const directions = (direction: GraphDirection): WalkDirection[] => (direction === 'both' ? ['upstream', 'downstream'] : [direction]);
const fieldKey = (id: string, field: string): FieldKey => `${id}:${field}`;
const splitKey = (key: FieldKey) => ({ datasetId: key.slice(0, 36), field: key.slice(37) });

/** Orders reached nodes by first reach (level), then keeps at most `max`: what the walk may show. */
function firstReached<T>(levels: Array<{ level: number; items: T[] }>, max: number): { kept: Map<T, number>; truncated: boolean } {
  const kept = new Map<T, number>();
  let truncated = false;
  for (const { level, items } of [...levels].sort((a, b) => a.level - b.level)) {
    for (const item of items) {
      if (kept.has(item)) continue;
      if (kept.size >= max) {
        truncated = true;
        break;
      }
      kept.set(item, level);
    }
  }
  return { kept, truncated };
}

/**
 * Directed lineage around a node, at the table level (datasets and jobs) and the field level,
 * "as of" any time. A fixed number of queries whatever the graph's size: one walk, one for the
 * edges among the nodes found, then the nodes' data in a few batched queries.
 */
@Injectable()
export class LineageService {
  constructor(
    private readonly walks: LineageWalkRepository,
    private readonly datasets: DatasetViewsService,
    private readonly jobs: JobsService,
    private readonly nodes: NodeResolver,
  ) {}

  async tableGraph(nodeId: string, options: WalkOptions): Promise<TableGraph> {
    if (typedNodeId(nodeId)?.type === 'datasetField') throw new InvalidInputError('INVALID_PARAMETER', 'nodeId: a datasetField node has column lineage: use /api/v1/column-lineage');
    const node = await this.nodes.resolve(nodeId);
    if (node.asOf && options.asOf) {
      throw new InvalidInputError('INVALID_PARAMETER', 'asOf: a run node already fixes the time (its last event); give asOf with a job or dataset node instead');
    }
    const asOf = node.asOf ?? options.asOf;
    const start = node.type === 'dataset' ? { datasetIds: [node.id], jobIds: [] } : { datasetIds: [], jobIds: [node.id] };
    // A level is one edge; depth counts jobs, as Marquez does: a job's own inputs and outputs are depth 0.
    const levels = node.type === 'dataset' ? 2 * options.depth : 2 * options.depth + 1;
    const walked = await this.walks.walkTables(start, directions(options.direction), levels, options.maxNodes, asOf);
    const { kept, truncated } = firstReached(
      walked.map((w) => ({ level: w.level, items: [...w.datasetIds.map((id) => `d${id}`), ...w.jobIds.map((id) => `j${id}`)] })),
      options.maxNodes,
    );
    const datasetIds = [...kept.keys()].filter((k) => k.startsWith('d')).map((k) => k.slice(1));
    const jobIds = [...kept.keys()].filter((k) => k.startsWith('j')).map((k) => k.slice(1));
    const [edges, datasets, jobs] = await Promise.all([
      this.walks.tableEdgesAmong(datasetIds, jobIds, asOf),
      this.datasets.nodesByIds(datasetIds),
      this.jobs.nodesByIds(jobIds),
    ]);
    const nodeIdOf = new Map<string, string>([
      ...datasets.map((d) => [d.id, datasetNodeId(d.namespace, d.name)] as const),
      ...jobs.map((j) => [j.id, jobNodeId(j.namespace, j.name)] as const),
    ]);
    const graphEdges = mergeFlags(edges, (e) => `${e.originId}:${e.destinationId}`).flatMap((e) => {
      const origin = nodeIdOf.get(e.originId);
      const destination = nodeIdOf.get(e.destinationId);
      return origin && destination ? [{ origin, destination, source: sourceOf(e) }] : [];
    });
    const nodes: TableNode[] = [
      ...datasets.map((dataset) => ({ id: nodeIdOf.get(dataset.id)!, type: 'DATASET' as const, dataset })),
      ...jobs.map((job) => ({ id: nodeIdOf.get(job.id)!, type: 'JOB' as const, job })),
    ].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return { nodes, edges: sortEdges(graphEdges), truncated };
  }

  async fieldGraph(nodeId: string, options: WalkOptions): Promise<FieldGraph> {
    const type = typedNodeId(nodeId)?.type;
    if (type === 'job') throw new InvalidInputError('INVALID_PARAMETER', 'nodeId: column lineage starts at a dataset or a datasetField node');
    if (type === 'run') {
      throw new InvalidInputError(
        'INVALID_PARAMETER',
        'nodeId: column lineage starts at a dataset or a datasetField node; for a run, /api/v1/lineage?nodeId=run:{id} gives its job\'s graph as of the run, ' +
          'and asOf gives the column lineage of a dataset at that time',
      );
    }
    const node = await this.nodes.resolve(nodeId);
    const id = node.id;
    const fields = node.type === 'datasetField' ? [node.field] : await this.walks.fieldsOfDataset(id);
    return this.walkFields(
      fields.map((field) => fieldKey(id, field)),
      options,
    );
  }

  /**
   * Impact of a tag: every field a tagged field (or a field of a tagged dataset) feeds, downstream,
   * with the transformations on the way.
   */
  async tagDownstream(tag: string, options: Omit<WalkOptions, 'direction'>): Promise<FieldGraph & { sources: FieldNode[] }> {
    const tagged = await this.walks.fieldsTagged(tag, options.maxNodes);
    const graph = await this.walkFields(tagged, { ...options, direction: 'downstream' });
    return { ...graph, sources: graph.nodes.filter((n) => n.depth === 0) };
  }

  private async walkFields(start: FieldKey[], options: WalkOptions): Promise<FieldGraph> {
    if (start.length === 0) return { nodes: [], edges: [], truncated: false };
    const walked = await this.walks.walkFields(start, directions(options.direction), options.depth, options.maxNodes, options.asOf);
    const { kept, truncated } = firstReached(
      walked.map((w) => ({ level: w.level, items: w.fields })),
      options.maxNodes,
    );
    const keys = [...kept.keys()];
    const [edges, datasets] = await Promise.all([
      this.walks.columnEdgesAmong(keys, options.asOf),
      this.walks.datasetsWithFields([...new Set(keys.map((k) => splitKey(k).datasetId))]),
    ]);
    const datasetById = new Map(datasets.map((d) => [d.id, d]));
    const nodeIdOf = new Map<FieldKey, string>();
    const nodes: FieldNode[] = keys.flatMap((key) => {
      const { datasetId: id, field } = splitKey(key);
      const dataset = datasetById.get(id);
      if (!dataset) return [];
      const nodeId = datasetFieldNodeId(dataset.namespace, dataset.name, field);
      nodeIdOf.set(key, nodeId);
      const type = dataset.fields.find((f) => f.name === field)?.type;
      return [
        { id: nodeId, namespace: dataset.namespace, dataset: dataset.name, datasetVersion: dataset.versionId, field, fieldType: type ?? null, depth: kept.get(key)! },
      ];
    });
    const merged = mergeFlags(edges, (e) =>
      JSON.stringify([e.outputDatasetId, e.outputField, e.inputDatasetId, e.inputField, e.transformationType, e.transformationSubtype]),
    );
    const fieldEdges = merged.flatMap(({ observed, declared, ...e }) => {
      const origin = nodeIdOf.get(fieldKey(e.inputDatasetId, e.inputField));
      const destination = nodeIdOf.get(fieldKey(e.outputDatasetId, e.outputField));
      return origin && destination ? [{ ...e, origin, destination, source: sourceOf({ observed, declared }) }] : [];
    });
    return { nodes: nodes.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)), edges: fieldEdges, truncated };
  }

}

function sortEdges<T extends GraphEdge>(edges: T[]): T[] {
  const keyed = edges.map((edge) => ({ key: `${edge.origin}\u0000${edge.destination}`, edge }));
  return keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((k) => k.edge);
}
