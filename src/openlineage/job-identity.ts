import { v5 as uuidv5 } from 'uuid';
import { memoized } from './memo';

/** Fixed UUID namespace for job ids: never change it, ids would change with it. */
const JOB_ID_NAMESPACE = '5b1c9a3e-7d2f-4c8e-b6a1-3f9e0d2c4b17';
/** Fixed UUID namespace for dataset version ids. */
const VERSION_ID_NAMESPACE = '8e4d2a6c-1f3b-4a9d-9c7e-5b2a0f1d3e86';

/** A job's id is derived from its namespace and name: the same on every replica and rebuild. */
export function jobId(namespace: string, name: string): string {
  return jobIdOf(JSON.stringify([namespace, name]));
}
const jobIdOf = memoized((key) => uuidv5(key, JOB_ID_NAMESPACE));

/** A dataset version's id: derived from the dataset and the hash of its schema. */
export function datasetVersionId(datasetId: string, schemaHash: string): string {
  return versionIdOf(JSON.stringify([datasetId, schemaHash]));
}
const versionIdOf = memoized((key) => uuidv5(key, VERSION_ID_NAMESPACE));

/** Fixed UUID namespace for job version ids. */
const JOB_VERSION_ID_NAMESPACE = '70b5d89c-6564-4204-8eb3-bcc3184f08d4';

export interface DatasetName {
  namespace: string;
  name: string;
}

/**
 * A job version's id: what Marquez's `Utils.newJobVersionFor` hashes (namespace, name, inputs and
 * outputs each sorted by namespace then name, source code location), encoded unambiguously as JSON
 * (Marquez joins the parts with ':', which namespaces contain), so the ids differ from Marquez's.
 * `inputs` and `outputs` must already be sorted and without duplicates.
 */
export function jobVersionId(namespace: string, name: string, inputs: DatasetName[], outputs: DatasetName[], location: string | null): string {
  const pairs = (datasets: DatasetName[]) => datasets.map((d) => [d.namespace, d.name]);
  return jobVersionIdOf(JSON.stringify([namespace, name, pairs(inputs), pairs(outputs), location]));
}
// A scheduled job finishes with the same version run after run.
const jobVersionIdOf = memoized((key) => uuidv5(key, JOB_VERSION_ID_NAMESPACE));
