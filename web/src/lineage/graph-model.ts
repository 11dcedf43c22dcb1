/** From the API's graph (Marquez's shape) to the boxes and arrows the page draws. */
import type { DatasetNodeData, FieldData, JobNodeData, LineageGraph, LineageNode } from '../api/types';

interface BoxBase {
  id: string;
  namespace: string;
  name: string;
  detail: string;
}

export type GraphBox =
  | (BoxBase & { kind: 'dataset'; data: DatasetNodeData })
  | (BoxBase & { kind: 'job'; data: JobNodeData })
  /** `dataset`: the dataset the field belongs to. */
  | (BoxBase & { kind: 'field'; dataset: string; data: FieldData });

/** How the store knows an edge: runs observed it, a job event or lineage facet declared it, or both. */
export type Evidence = 'observed' | 'declared' | 'both';

export interface GraphArrow {
  id: string;
  source: string;
  target: string;
  evidence?: Evidence;
}

export interface GraphModel {
  boxes: GraphBox[];
  arrows: GraphArrow[];
  /** The server stopped at its node cap, or the page stopped at MAX_DRAWN. */
  cutByServer: boolean;
  cutByPage: number | null;
}

/** Above this the page draws the nearest nodes and says it left the rest out, instead of freezing the tab. */
export const MAX_DRAWN = 1500;

function box(node: LineageNode): GraphBox {
  if (node.type === 'DATASET_FIELD') {
    const { data } = node;
    return { id: node.id, kind: 'field', namespace: data.namespace, name: data.field, dataset: data.dataset, detail: [data.dataset, data.fieldType].filter(Boolean).join(' · '), data };
  }
  // The document types a table node's data as a dataset or a job: the node's type says which.
  if (node.type === 'JOB') return { id: node.id, kind: 'job', namespace: node.data.namespace, name: node.data.name, detail: node.data.type, data: node.data as JobNodeData };
  return { id: node.id, kind: 'dataset', namespace: node.data.namespace, name: node.data.name, detail: node.data.type, data: node.data as DatasetNodeData };
}

/**
 * Edges read from both sides of every node. Column lineage follows Marquez's quirk: an in-edge's
 * origin is the node itself and its destination the upstream field, so it is turned around.
 */
function arrowsOf(graph: LineageNode[], ids: Set<string>): GraphArrow[] {
  const arrows = new Map<string, GraphArrow>();
  const add = (source: string, target: string, evidence: Evidence | undefined) => {
    if (!ids.has(source) || !ids.has(target) || source === target) return;
    const id = `${source}->${target}`;
    if (!arrows.has(id)) arrows.set(id, { id, source, target, evidence });
  };
  for (const node of graph) {
    for (const e of node.outEdges) add(e.origin, e.destination, evidenceOf(e));
    for (const e of node.inEdges) {
      if (node.type === 'DATASET_FIELD' && e.origin === node.id) add(e.destination, e.origin, evidenceOf(e));
      else add(e.origin, e.destination, evidenceOf(e));
    }
  }
  return [...arrows.values()];
}

function evidenceOf(edge: object): Evidence | undefined {
  return 'source' in edge ? (edge.source as Evidence | undefined) : undefined;
}

/** Breadth-first from the focus, so a cut keeps the nodes nearest to it. */
function nearest(graph: LineageNode[], focus: string, limit: number): LineageNode[] {
  const byId = new Map(graph.map((n) => [n.id, n]));
  const start = byId.get(focus) ?? graph[0];
  const seen = new Set<string>([start.id]);
  const queue = [start];
  for (let i = 0; i < queue.length && seen.size < limit; i++) {
    const node = queue[i];
    for (const e of [...node.outEdges, ...node.inEdges]) {
      for (const next of [e.origin, e.destination]) {
        const n = byId.get(next);
        if (n && !seen.has(next) && seen.size < limit) {
          seen.add(next);
          queue.push(n);
        }
      }
    }
  }
  return graph.filter((n) => seen.has(n.id));
}

export function graphModel(graph: LineageGraph, focus: string): GraphModel {
  const nodes = graph.graph;
  const drawn = nodes.length > MAX_DRAWN ? nearest(nodes, focus, MAX_DRAWN) : nodes;
  const ids = new Set(drawn.map((n) => n.id));
  return {
    boxes: drawn.map(box),
    arrows: arrowsOf(drawn, ids),
    cutByServer: graph.truncated === true,
    cutByPage: drawn.length < nodes.length ? nodes.length : null,
  };
}

/**
 * The start boxes and what they reach along the arrows. The column graph's API walks upstream, or
 * both ways: "downstream" at column level is this cut of the both-ways graph.
 */
export function downstreamOf(model: GraphModel, isStart: (box: GraphBox) => boolean): GraphModel {
  const targets = new Map<string, string[]>();
  for (const arrow of model.arrows) {
    const sourceTargets = targets.get(arrow.source);
    if (sourceTargets) sourceTargets.push(arrow.target);
    else targets.set(arrow.source, [arrow.target]);
  }
  const queue = model.boxes.filter(isStart).map((box) => box.id);
  const reached = new Set(queue);
  for (let i = 0; i < queue.length; i++) {
    for (const target of targets.get(queue[i]) ?? []) {
      if (!reached.has(target)) {
        reached.add(target);
        queue.push(target);
      }
    }
  }
  return { ...model, boxes: model.boxes.filter((box) => reached.has(box.id)), arrows: model.arrows.filter((a) => reached.has(a.source) && reached.has(a.target)) };
}
