/** The lineage page's grouping of child jobs under their parent job: which groups, what is inside, what is drawn when collapsed. */
import type { DatasetNodeData, JobNodeData } from '../../web/src/api/types';
import type { GraphArrow, GraphBox, GraphModel } from '../../web/src/lineage/graph-model';
import { COLLAPSE_ABOVE, drawnGraph, initiallyCollapsed, jobGroups } from '../../web/src/lineage/job-groups';

const NS = 'airflow-prod';
const DAG = { namespace: NS, name: 'nightly_sales' };
const DAG_GROUP = `group:job:${NS}:nightly_sales`;

function job(name: string, parent: { namespace: string; name: string } | null, integration: string | null = 'AIRFLOW'): GraphBox {
  return { id: `job:${NS}:${name}`, kind: 'job', namespace: NS, name, detail: 'BATCH', data: { parentJob: parent, integration } as JobNodeData };
}

function dataset(name: string): GraphBox {
  return { id: `dataset:bq:${name}`, kind: 'dataset', namespace: 'bq', name, detail: 'DB_TABLE', data: {} as DatasetNodeData };
}

function model(boxes: GraphBox[], pairs: [GraphBox, GraphBox, GraphArrow['evidence']?][]): GraphModel {
  return { boxes, arrows: pairs.map(([s, t, evidence]) => ({ id: `${s.id}->${t.id}`, source: s.id, target: t.id, evidence })), cutByServer: false, cutByPage: null };
}

// csv -> extract -> raw -> clean -> cleaned -> load -> orders (all tasks of the DAG)
const csv = dataset('orders.csv');
const raw = dataset('staging.raw');
const cleaned = dataset('staging.clean');
const orders = dataset('sales.orders');
const extract = job('nightly_sales.extract', DAG);
const clean = job('nightly_sales.clean', DAG);
const load = job('nightly_sales.load', DAG);
const DAG_ARROWS: [GraphBox, GraphBox, GraphArrow['evidence']?][] = [
  [csv, extract],
  [extract, raw],
  [raw, clean],
  [clean, cleaned],
  [cleaned, load],
  [load, orders, 'declared'],
];
const dag = model([csv, extract, raw, clean, cleaned, load, orders], DAG_ARROWS);

describe('jobGroups', () => {
  it('groups the jobs of one parent, with the datasets only they write and read; the first and last datasets stay outside', () => {
    const [group, ...others] = jobGroups(dag);
    expect(others).toEqual([]);
    expect(group.id).toBe(DAG_GROUP);
    expect(group.kind).toBe('Airflow DAG');
    expect(group.parent).toEqual(DAG);
    expect(group.jobs.map((b) => b.name)).toEqual(['nightly_sales.extract', 'nightly_sales.clean', 'nightly_sales.load']);
    expect(group.datasets.map((b) => b.name)).toEqual(['staging.raw', 'staging.clean']);
  });

  it('leaves a parent with one child in the graph ungrouped, and a dataset read by a job of another parent outside', () => {
    const other = job('other_dag.read', { namespace: NS, name: 'other_dag' });
    const lone = job('weekly.only', { namespace: NS, name: 'weekly' });
    const groups = jobGroups(model([...dag.boxes, other, lone], [...DAG_ARROWS, [raw, other], [orders, lone]]));
    expect(groups.map((g) => g.id)).toEqual([DAG_GROUP]);
    expect(groups[0].datasets.map((b) => b.name)).toEqual(['staging.clean']);
  });

  it('names the parent by its children’s integration, generically when they differ', () => {
    const spark = (name: string) => job(`app.${name}`, { namespace: NS, name: 'app' }, 'SPARK');
    expect(jobGroups(model([spark('a'), spark('b')], []))[0].kind).toBe('Spark application');
    expect(jobGroups(model([spark('a'), job('app.c', { namespace: NS, name: 'app' }, null)], []))[0].kind).toBe('Parent job');
  });
});

describe('drawnGraph', () => {
  it('expanded: every box drawn, the members inside the group, the arrows as they are', () => {
    const drawn = drawnGraph(dag, jobGroups(dag), new Set());
    expect(drawn.boxes.map(({ box, groupId }) => [box.name, groupId ?? null])).toEqual([
      ['orders.csv', null],
      ['nightly_sales.extract', DAG_GROUP],
      ['staging.raw', DAG_GROUP],
      ['nightly_sales.clean', DAG_GROUP],
      ['staging.clean', DAG_GROUP],
      ['nightly_sales.load', DAG_GROUP],
      ['sales.orders', null],
    ]);
    expect(drawn.arrows).toEqual(dag.arrows);
  });

  it('collapsed: the members hidden, arrows to and from them end at the group, those inside dropped', () => {
    const drawn = drawnGraph(dag, jobGroups(dag), new Set([DAG_GROUP]));
    expect(drawn.groups.map((g) => [g.group.id, g.collapsed])).toEqual([[DAG_GROUP, true]]);
    expect(drawn.boxes.map(({ box }) => box.name)).toEqual(['orders.csv', 'sales.orders']);
    expect(drawn.arrows).toEqual([
      { id: `${csv.id}->${DAG_GROUP}`, source: csv.id, target: DAG_GROUP, evidence: undefined },
      { id: `${DAG_GROUP}->${orders.id}`, source: DAG_GROUP, target: orders.id, evidence: 'declared' },
    ]);
  });

  it('collapsed: several arrows between the same ends drawn once, declared only when all of them are', () => {
    const a = job('p.a', { namespace: NS, name: 'p' });
    const b = job('p.b', { namespace: NS, name: 'p' });
    const out = dataset('out');
    const both = model(
      [a, b, out],
      [
        [a, out, 'declared'],
        [b, out, 'observed'],
      ],
    );
    const drawn = drawnGraph(both, jobGroups(both), new Set(['group:job:airflow-prod:p']));
    expect(drawn.arrows).toEqual([{ id: `group:job:airflow-prod:p->${out.id}`, source: 'group:job:airflow-prod:p', target: out.id, evidence: 'both' }]);
  });

  it('ungrouped (no groups): the model as it is', () => {
    const drawn = drawnGraph(dag, [], new Set());
    expect(drawn.groups).toEqual([]);
    expect(drawn.boxes.every(({ groupId }) => groupId === undefined)).toBe(true);
    expect(drawn.arrows).toEqual(dag.arrows);
  });
});

describe('initiallyCollapsed', () => {
  const tasks = Array.from({ length: COLLAPSE_ABOVE + 1 }, (_, i) => job(`big.t${i}`, { namespace: NS, name: 'big' }));
  const big = model([...dag.boxes, ...tasks], []);

  it('collapses a group of more than COLLAPSE_ABOVE jobs, not a smaller one', () => {
    expect([...initiallyCollapsed(jobGroups(big), () => false)]).toEqual([`group:job:${NS}:big`]);
  });

  it('keeps the group that holds the start node open', () => {
    expect([...initiallyCollapsed(jobGroups(big), (box) => box.id === tasks[3].id)]).toEqual([]);
  });
});
