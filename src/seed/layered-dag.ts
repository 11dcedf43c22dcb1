import { Prng } from './prng';

/** One producing job of the abstract graph. Dataset references are indices into the producer's datasets. */
export interface DagJob {
  /** inputs[0] is the primary input: the previous step of the job's pipeline. */
  inputs: number[];
  outputs: number[];
  /** From the middle of its runs on, some jobs read a different input: lineage that changes over time. */
  laterInputs: number[] | null;
  /** Pipeline position: every output's longest path from a root. */
  depth: number;
}

export interface LayeredDag {
  datasetCount: number;
  /** Longest path from a root, per dataset; roots are 0. */
  depth: Uint8Array;
  rootCount: number;
  jobs: DagJob[];
  /** Per pipeline, the index of its last job. */
  pipelineEnds: number[];
}

export interface DagShape {
  datasets: number;
  /** Share of datasets no job writes: raw tables, landing files, dbt sources. */
  rootFraction: number;
  minDepth: number;
  maxDepth: number;
  /** How many datasets each job writes. */
  outputsPerJob: (prng: Prng) => number;
  /** Inputs beyond the primary one, long-tailed. */
  extraInputs: (prng: Prng) => number;
  /** Share of extra inputs taken from the most-read roots (Zipf): the fan-out hubs. */
  hubShare: number;
  /** Share of jobs whose inputs change in their later runs. */
  changingInputsShare: number;
}

/**
 * A DAG of pipelines: each pipeline starts at a root and is minDepth..maxDepth jobs deep, each job
 * reading the previous step plus long-tailed extra inputs from shallower datasets (so no pipeline
 * gets deeper than its own length), a share of them from a few hub roots (long-tailed fan-out).
 * Datasets are numbered roots first, then in creation order, which is a topological order.
 */
export function buildLayeredDag(shape: DagShape, prng: Prng): LayeredDag {
  const total = shape.datasets;
  const rootCount = Math.max(1, Math.min(total - shape.minDepth, Math.round(total * shape.rootFraction)));
  const depth = new Uint8Array(total);
  const byDepth: number[][] = [Array.from({ length: rootCount }, (_, i) => i)];
  const jobs: DagJob[] = [];
  const pipelineEnds: number[] = [];
  let next = rootCount;
  let unusedRoot = 0;

  const pickShallower = (below: number): number => {
    if (prng.chance(shape.hubShare)) return prng.zipf(rootCount, 1.2);
    const level = byDepth[prng.int(0, below - 1)];
    return level.length ? prng.pick(level) : prng.int(0, rootCount - 1);
  };

  while (total - next >= shape.minDepth) {
    const length = Math.min(prng.int(shape.minDepth, shape.maxDepth), total - next);
    let previous = unusedRoot < rootCount ? unusedRoot++ : prng.int(0, rootCount - 1);
    for (let step = 1; step <= length; step++) {
      // Leave at least one new dataset for each remaining step of this pipeline.
      const room = total - next - (length - step);
      const outputs = Array.from({ length: Math.min(room, shape.outputsPerJob(prng)) }, () => next++);
      byDepth[step] ??= [];
      for (const output of outputs) {
        depth[output] = step;
        byDepth[step].push(output);
      }
      const inputs = new Set([previous]);
      for (let extra = shape.extraInputs(prng); extra > 0; extra--) inputs.add(pickShallower(step));
      const inputList = [...inputs];
      let laterInputs: number[] | null = null;
      if (inputList.length > 1 && prng.chance(shape.changingInputsShare)) {
        const replacement = pickShallower(step);
        if (!inputs.has(replacement)) laterInputs = [...inputList.slice(0, -1), replacement];
      }
      jobs.push({ inputs: inputList, outputs, laterInputs, depth: step });
      previous = outputs[0];
    }
    pipelineEnds.push(jobs.length - 1);
  }
  // Fewer datasets left than a pipeline needs: they become more outputs of existing jobs.
  for (let j = 0; next < total; j = (j + 1) % jobs.length) {
    depth[next] = jobs[j].depth;
    jobs[j].outputs.push(next++);
  }
  // Every root must be read by some job, or it would not exist in the store.
  while (unusedRoot < rootCount) {
    const job = jobs[prng.int(0, jobs.length - 1)];
    if (!job.inputs.includes(unusedRoot)) {
      job.inputs.push(unusedRoot);
      job.laterInputs?.push(unusedRoot);
    }
    unusedRoot++;
  }
  return { datasetCount: total, depth, rootCount, jobs, pipelineEnds };
}
