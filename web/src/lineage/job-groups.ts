/**
 * Child jobs drawn inside their parent job (Airflow DAG → tasks, Spark application → jobs): which
 * groups a graph has, and the graph as drawn with some of them collapsed to one box.
 */
import { jobNodeId } from '../node-ids';
import type { Evidence, GraphArrow, GraphBox, GraphModel } from './graph-model';

/** A parent job is drawn as a group once this many of its child jobs are in the graph. */
export const GROUP_FROM = 2;
/** A group of more jobs than this starts collapsed, unless it holds the start node. */
export const COLLAPSE_ABOVE = 12;

export interface JobGroup {
  /** Not a node id of the API: the group is drawn, the parent job need not be in the graph. */
  id: string;
  parent: { namespace: string; name: string };
  /** What the parent is, from its children's integration ("Airflow DAG", "Spark application"). */
  kind: string;
  jobs: GraphBox[];
  /** Datasets that only the group's jobs write and read (a DAG's intermediate tables): drawn inside it, hidden with it. */
  datasets: GraphBox[];
}

export interface DrawnGroup {
  group: JobGroup;
  collapsed: boolean;
}

export interface DrawnGraph {
  groups: DrawnGroup[];
  /** The boxes drawn, each with the expanded group it sits in; boxes of a collapsed group are not drawn. */
  boxes: Array<{ box: GraphBox; groupId?: string }>;
  /** The arrows drawn: an arrow to or from a box of a collapsed group ends at the group, once per pair. */
  arrows: GraphArrow[];
}

const PARENT_KIND: Record<string, string> = { AIRFLOW: 'Airflow DAG', SPARK: 'Spark application', FLINK: 'Flink application', DBT: 'dbt run' };

export function groupIdOf(parent: { namespace: string; name: string }): string {
  return `group:${jobNodeId(parent.namespace, parent.name)}`;
}

/** The parents with at least GROUP_FROM child jobs in the graph, in the order their first child comes. */
export function jobGroups(model: GraphModel): JobGroup[] {
  const byParent = new Map<string, JobGroup>();
  for (const box of model.boxes) {
    const parent = box.kind === 'job' ? box.data.parentJob : null;
    if (!parent) continue;
    const id = groupIdOf(parent);
    const group = byParent.get(id) ?? { id, parent: { namespace: parent.namespace, name: parent.name }, kind: 'Parent job', jobs: [], datasets: [] };
    group.jobs.push(box);
    byParent.set(id, group);
  }
  const groups = [...byParent.values()].filter((group) => group.jobs.length >= GROUP_FROM);
  const groupOfJob = new Map(groups.flatMap((group) => group.jobs.map((job) => [job.id, group] as const)));
  for (const group of groups) group.kind = kindOf(group.jobs);

  // A dataset goes inside a group when it has both a writer and a reader in the graph, all of them that group's jobs.
  const writers = new Map<string, string[]>();
  const readers = new Map<string, string[]>();
  for (const arrow of model.arrows) {
    push(writers, arrow.target, arrow.source);
    push(readers, arrow.source, arrow.target);
  }
  for (const box of model.boxes) {
    if (box.kind !== 'dataset') continue;
    const ins = writers.get(box.id) ?? [];
    const outs = readers.get(box.id) ?? [];
    if (ins.length === 0 || outs.length === 0) continue;
    const owners = new Set([...ins, ...outs].map((job) => groupOfJob.get(job)));
    const [owner] = owners;
    if (owners.size === 1 && owner) owner.datasets.push(box);
  }
  return groups;
}

function kindOf(jobs: GraphBox[]): string {
  const integrations = new Set(jobs.map((job) => (job.kind === 'job' ? job.data.integration : null)));
  const [only] = integrations;
  return integrations.size === 1 && only ? (PARENT_KIND[only.toUpperCase()] ?? 'Parent job') : 'Parent job';
}

/** The groups that start collapsed: the large ones, except one that holds the start node. */
export function initiallyCollapsed(groups: JobGroup[], isStart: (box: GraphBox) => boolean): Set<string> {
  return new Set(groups.filter((group) => group.jobs.length > COLLAPSE_ABOVE && !membersOf(group).some(isStart)).map((group) => group.id));
}

/** The graph as drawn: ungrouped (no groups), or grouped with the collapsed groups standing for their boxes. */
export function drawnGraph(model: GraphModel, groups: JobGroup[], collapsed: ReadonlySet<string>): DrawnGraph {
  const groupOf = new Map(groups.flatMap((group) => membersOf(group).map((box) => [box.id, group.id] as const)));
  const endOf = (id: string) => {
    const groupId = groupOf.get(id);
    return groupId && collapsed.has(groupId) ? groupId : id;
  };
  const arrows = new Map<string, GraphArrow>();
  for (const arrow of model.arrows) {
    const source = endOf(arrow.source);
    const target = endOf(arrow.target);
    if (source === target) continue;
    const id = source === arrow.source && target === arrow.target ? arrow.id : `${source}->${target}`;
    const seen = arrows.get(id);
    arrows.set(id, { id, source, target, evidence: seen ? merged(seen.evidence, arrow.evidence) : arrow.evidence });
  }
  return {
    groups: groups.map((group) => ({ group, collapsed: collapsed.has(group.id) })),
    boxes: model.boxes.filter((box) => endOf(box.id) === box.id).map((box) => ({ box, groupId: groupOf.get(box.id) })),
    arrows: [...arrows.values()],
  };
}

/** An arrow drawn for several is declared only when all of them are. */
function merged(a: Evidence | undefined, b: Evidence | undefined): Evidence | undefined {
  return a === 'declared' && b === 'declared' ? 'declared' : a === b ? a : 'both';
}

export function membersOf(group: JobGroup): GraphBox[] {
  return [...group.jobs, ...group.datasets];
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
