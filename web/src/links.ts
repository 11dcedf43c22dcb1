import { v5 as uuidv5 } from 'uuid';

/**
 * The store's dataset id for a namespace and name: the same derivation as the server's
 * dataset-identity (uuid v5 over the JSON pair), so pages can link to a dataset they know by name.
 */
const DATASET_ID_NAMESPACE = '0d6b5f7e-3c1a-4f4e-9a59-2b8f1c7d9e01';

export function datasetId(namespace: string, name: string): string {
  return uuidv5(JSON.stringify([namespace, name]), DATASET_ID_NAMESPACE);
}

export { datasetNodeId, jobNodeId } from './node-ids';
