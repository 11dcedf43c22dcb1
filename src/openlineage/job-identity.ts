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
