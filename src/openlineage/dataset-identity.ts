import { v5 as uuidv5 } from 'uuid';
import { memoized } from './memo';

/** Fixed UUID namespace for dataset ids: never change it, ids would change with it. */
const DATASET_ID_NAMESPACE = '0d6b5f7e-3c1a-4f4e-9a59-2b8f1c7d9e01';

/**
 * A dataset's id is derived from its namespace and name, so every replica, every replay and
 * every `reproject` gives it the same id and links to it stay valid.
 */
export function datasetId(namespace: string, name: string): string {
  return datasetIdOf(JSON.stringify([namespace, name]));
}
const datasetIdOf = memoized((key) => uuidv5(key, DATASET_ID_NAMESPACE));

export interface ParsedNamespace {
  scheme: string;
  authority: string | null;
}

/**
 * `trino://host:8080` -> trino, host:8080; `s3://bucket` -> s3, bucket; `aws:glue:eu-west-1:1`
 * -> aws, no authority. A namespace without a scheme (`bigquery`, `food_delivery`) names the
 * platform itself, as the OpenLineage naming conventions do, so it is its own scheme.
 */
export function parseNamespace(namespace: string): ParsedNamespace {
  const hierarchical = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)/.exec(namespace);
  if (hierarchical) return { scheme: hierarchical[1].toLowerCase(), authority: hierarchical[2] || null };
  const opaque = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(namespace);
  if (opaque) return { scheme: opaque[1].toLowerCase(), authority: null };
  return { scheme: namespace.toLowerCase(), authority: null };
}

/**
 * Bytes of the widest index entry a dataset makes: (scheme, namespace, name). PostgreSQL's btree
 * refuses an entry above ~2,700 bytes; a scheme-less namespace is its own scheme, so it counts
 * twice (lowercased, which may change its length).
 */
export function datasetKeyBytes(namespace: string, name: string): number {
  return Buffer.byteLength(parseNamespace(namespace).scheme) + Buffer.byteLength(namespace) + Buffer.byteLength(name);
}

/** Leaves room under PostgreSQL's ~2,700-byte btree entry limit for the tuple and column headers. */
export const MAX_DATASET_KEY_BYTES = 2400;
