import { buildLayeredDag, LayeredDag } from '../../src/seed/layered-dag';
import { Prng } from '../../src/seed/prng';
import { buildWorld } from '../../src/seed/world';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Longest path from a root, recomputed from the jobs alone (not trusting the builder's depth). */
function longestPaths(dag: LayeredDag): number[] {
  const depth = new Array<number>(dag.datasetCount).fill(0);
  for (const job of dag.jobs) {
    const inputs = [...job.inputs, ...(job.laterInputs ?? [])];
    const d = 1 + Math.max(...inputs.map((i) => depth[i]));
    for (const output of job.outputs) depth[output] = Math.max(depth[output], d);
  }
  return depth;
}

describe('the generated graph', () => {
  const world = buildWorld(20_000, 1);
  const trino = world.producers.find((p) => p.kind === 'trino')!;

  it('has a few thousand Trino tables and fills the rest with Spark and dbt datasets', () => {
    const sizes = Object.fromEntries(world.producers.map((p) => [p.kind, p.dag.datasetCount]));
    expect(sizes.trino).toBeGreaterThanOrEqual(2000);
    expect(sizes.trino).toBeLessThanOrEqual(5000);
    expect(sizes.trino + sizes.spark + sizes.dbt).toBe(20_000);
    expect(buildWorld(1_000_000, 1).producers.map((p) => p.dag.datasetCount)).toEqual([5000, 895500, 99500]);
  });

  it('has pipelines 10 to 30 deep, no deeper, spread over that range', () => {
    for (const producer of world.producers) {
      const depth = longestPaths(producer.dag);
      expect(Math.max(...depth)).toBeLessThanOrEqual(30);
      const ends = producer.dag.pipelineEnds.map((j) => depth[producer.dag.jobs[j].outputs[0]]);
      expect(Math.min(...ends)).toBeGreaterThanOrEqual(10);
      expect(Math.min(...ends)).toBeLessThanOrEqual(12);
      expect(Math.max(...ends)).toBeGreaterThanOrEqual(28);
    }
  });

  it('has long-tailed fan-in: most queries read one or two tables, a few read dozens', () => {
    const fanIn = trino.dag.jobs.map((job) => job.inputs.length);
    expect(fanIn.filter((n) => n === 1).length / fanIn.length).toBeGreaterThan(0.3);
    expect(median(fanIn)).toBeLessThanOrEqual(2);
    expect(fanIn.filter((n) => n >= 10).length).toBeGreaterThan(fanIn.length * 0.01);
    expect(Math.max(...fanIn)).toBeGreaterThanOrEqual(20);
  });

  it('has long-tailed fan-out: a few hub tables feed hundreds of queries', () => {
    const readers = new Array<number>(trino.dag.datasetCount).fill(0);
    for (const job of trino.dag.jobs) for (const input of job.inputs) readers[input]++;
    const read = readers.filter((n) => n > 0);
    expect(median(read)).toBeLessThanOrEqual(2);
    expect(Math.max(...read)).toBeGreaterThanOrEqual(100);
  });

  it('writes every dataset or reads it: none exists only in the plan', () => {
    for (const { dag } of world.producers) {
      const named = new Set<number>();
      for (const job of dag.jobs) for (const d of [...job.inputs, ...job.outputs]) named.add(d);
      expect(named.size).toBe(dag.datasetCount);
    }
  });

  it('changes the inputs of some jobs over time, only to shallower datasets', () => {
    const changing = trino.dag.jobs.filter((job) => job.laterInputs);
    expect(changing.length).toBeGreaterThan(trino.dag.jobs.length * 0.02);
    for (const job of changing) for (const input of job.laterInputs!) expect(trino.dag.depth[input]).toBeLessThan(job.depth);
  });

  it('is the same graph for the same seed and a different one for another seed', () => {
    const shape = { datasets: 3000, rootFraction: 0.15, minDepth: 10, maxDepth: 30, outputsPerJob: () => 1, extraInputs: (p: Prng) => p.longTail(1.3, 40), hubShare: 0.5, changingInputsShare: 0.1 };
    const a = buildLayeredDag(shape, new Prng(7));
    expect(buildLayeredDag(shape, new Prng(7))).toEqual(a);
    expect(buildLayeredDag(shape, new Prng(8)).jobs).not.toEqual(a.jobs);
  });
});

describe('Prng', () => {
  it('repeats its sequence for a seed and stays in range', () => {
    const a = new Prng(42);
    const b = new Prng(42);
    const xs = Array.from({ length: 1000 }, () => a.int(3, 9));
    expect(Array.from({ length: 1000 }, () => b.int(3, 9))).toEqual(xs);
    expect(Math.min(...xs)).toBe(3);
    expect(Math.max(...xs)).toBe(9);
    const ranks = Array.from({ length: 10_000 }, () => a.zipf(50, 1.2));
    expect(Math.min(...ranks)).toBe(0);
    expect(Math.max(...ranks)).toBeLessThan(50);
    expect(ranks.filter((r) => r === 0).length).toBeGreaterThan(ranks.filter((r) => r === 10).length * 5);
  });
});
