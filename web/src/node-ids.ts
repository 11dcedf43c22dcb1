/** Marquez's node ids of the lineage API (without dependencies, so pure code and its tests can use them). */
export function datasetNodeId(namespace: string, name: string): string {
  return `dataset:${namespace}:${name}`;
}

export function jobNodeId(namespace: string, name: string): string {
  return `job:${namespace}:${name}`;
}
