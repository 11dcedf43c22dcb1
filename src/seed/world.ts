import { FieldPool, derivedFields, rootFields } from './fields';
import { buildLayeredDag, DagShape, LayeredDag } from './layered-dag';
import { Prng } from './prng';

export type ProducerKind = 'trino' | 'spark' | 'dbt';

/** One producer's part of the graph: its DAG, the columns of each dataset, and how it names things. */
export interface Producer {
  kind: ProducerKind;
  dag: LayeredDag;
  fields: FieldPool;
  datasetNamespace(dataset: number): string;
  datasetName(dataset: number): string;
  jobNamespace: string;
  jobName(job: number): string;
}

export interface World {
  seed: number;
  datasets: number;
  producers: Producer[];
}

export const TRINO_NAMESPACE = 'trino://trino.prod.example.com:8080';
export const DBT_NAMESPACE = 'postgres://warehouse.prod.example.com:5432';
const DOMAINS = ['sales', 'finance', 'marketing', 'logistics', 'product', 'support', 'hr', 'risk', 'growth', 'ops'];
const ENTITIES = [
  'orders', 'customers', 'payments', 'invoices', 'shipments', 'products', 'sessions', 'campaigns', 'refunds',
  'accounts', 'tickets', 'inventory', 'suppliers', 'employees', 'clicks', 'subscriptions', 'returns', 'leads',
];
const SOURCES = ['salesforce', 'stripe', 'zendesk', 'postgres_app', 'kafka_events', 'sftp_partner', 'hubspot'];

const domainOf = (i: number) => DOMAINS[(Math.imul(i + 7, 2654435761) >>> 0) % DOMAINS.length];
const entityOf = (i: number) => ENTITIES[(Math.imul(i + 3, 40503) >>> 0) % ENTITIES.length];
const sourceOf = (i: number) => SOURCES[(Math.imul(i + 11, 2246822519) >>> 0) % SOURCES.length];
const pad = (i: number) => String(i).padStart(6, '0');
function stageOf(depth: number): string {
  if (depth <= 3) return 'stg';
  if (depth <= 8) return 'int';
  if (depth <= 15) return 'fct';
  if (depth <= 22) return 'agg';
  return 'rpt';
}

/** How many datasets each producer gets: a few thousand Trino tables, the rest Spark on S3 and dbt. */
export function producerSizes(datasets: number): Record<ProducerKind, number> {
  const trino = Math.min(5000, Math.round(datasets * 0.3));
  const dbt = Math.round((datasets - trino) * 0.1);
  return { trino, spark: datasets - trino - dbt, dbt };
}

/** The smallest graph that still has every producer with 10-to-30-deep pipelines. */
export const MIN_DATASETS = 200;

const SHAPES: Record<ProducerKind, Omit<DagShape, 'datasets'>> = {
  trino: { rootFraction: 0.15, minDepth: 10, maxDepth: 30, outputsPerJob: () => 1, extraInputs: (p) => p.longTail(1.3, 40), hubShare: 0.5, changingInputsShare: 0.1 },
  spark: { rootFraction: 0.55, minDepth: 10, maxDepth: 30, outputsPerJob: (p) => 2 + p.longTail(1.0, 10), extraInputs: (p) => p.longTail(1.3, 20), hubShare: 0.4, changingInputsShare: 0.05 },
  dbt: { rootFraction: 0.5, minDepth: 10, maxDepth: 30, outputsPerJob: () => 1, extraInputs: (p) => p.longTail(1.2, 30), hubShare: 0.5, changingInputsShare: 0.05 },
};

function assignFields(dag: LayeredDag, prng: Prng): FieldPool {
  const pool = new FieldPool(dag.datasetCount);
  for (let d = 0; d < dag.rootCount; d++) pool.set(d, rootFields(prng));
  for (const job of dag.jobs) {
    const [primary, ...others] = job.inputs.map((input) => pool.get(input));
    for (const output of job.outputs) pool.set(output, derivedFields(prng, primary, others));
  }
  return pool;
}

function namer(kind: ProducerKind, dag: LayeredDag): Pick<Producer, 'datasetNamespace' | 'datasetName' | 'jobNamespace' | 'jobName'> {
  const isRoot = (d: number) => d < dag.rootCount;
  const firstOutput = (j: number) => dag.jobs[j].outputs[0];
  switch (kind) {
    case 'trino':
      return {
        datasetNamespace: () => TRINO_NAMESPACE,
        datasetName: (d) =>
          isRoot(d) ? `hive.raw_${domainOf(d)}.${entityOf(d)}_${pad(d)}` : `hive.${domainOf(d)}.${stageOf(dag.depth[d])}_${entityOf(d)}_${pad(d)}`,
        jobNamespace: TRINO_NAMESPACE,
        // Trino names a job by its query id unless told otherwise; scheduled queries get a stable name.
        jobName: (j) => `etl.${domainOf(firstOutput(j))}.build_${entityOf(firstOutput(j))}_${pad(firstOutput(j))}`,
      };
    case 'spark':
      return {
        datasetNamespace: (d) => `s3://${domainOf(d)}-lake`,
        datasetName: (d) =>
          isRoot(d)
            ? `landing/${sourceOf(d)}/${entityOf(d)}/batch_${pad(d)}`
            : `warehouse/${domainOf(d)}/${stageOf(dag.depth[d])}/${entityOf(d)}_${pad(d)}`,
        jobNamespace: 'spark-prod',
        jobName: (j) => `${domainOf(firstOutput(j))}_${entityOf(firstOutput(j))}_etl_${pad(j)}.execute_insert_into_hadoop_fs_relation_command`,
      };
    case 'dbt':
      return {
        datasetNamespace: () => DBT_NAMESPACE,
        datasetName: (d) =>
          isRoot(d) ? `raw.${sourceOf(d)}.${entityOf(d)}_${pad(d)}` : `analytics.${domainOf(d)}.${stageOf(dag.depth[d])}_${entityOf(d)}_${pad(d)}`,
        jobNamespace: 'dbt-prod',
        jobName: (j) => `analytics.model.analytics.${stageOf(dag.jobs[j].depth)}_${entityOf(firstOutput(j))}_${pad(firstOutput(j))}`,
      };
  }
}

/** The whole deterministic graph for `datasets` distinct datasets. */
export function buildWorld(datasets: number, seed: number): World {
  if (!Number.isInteger(datasets) || datasets < MIN_DATASETS) throw new Error(`--datasets must be an integer of at least ${MIN_DATASETS}`);
  const sizes = producerSizes(datasets);
  const producers = (['trino', 'spark', 'dbt'] as const).map((kind, k) => {
    const prng = new Prng(seed * 31 + k);
    const dag = buildLayeredDag({ datasets: sizes[kind], ...SHAPES[kind] }, prng);
    return { kind, dag, fields: assignFields(dag, prng), ...namer(kind, dag) };
  });
  return { seed, datasets, producers };
}
