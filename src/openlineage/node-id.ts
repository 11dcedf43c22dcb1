/**
 * Marquez's node ids: `dataset:{ns}:{name}`, `job:{ns}:{name}`, `datasetField:{ns}:{name}:{field}`.
 * Namespaces hold colons (`trino://host:8443`, `file:/tmp/x`, `hive://host:9083`) and names may
 * start with digits (Trino's query ids), so no character rule tells where the namespace ends: a node
 * id has several readings, and the read side keeps the one that names a node that exists
 * (read/lineage/node-resolver.service.ts). These functions only list the readings.
 * Marquez's grammar also has `run:{uuid}`: one reading, the run's id.
 */
export type NodeType = 'dataset' | 'job' | 'datasetField' | 'run';

export type NodeRef =
  | { type: 'dataset' | 'job'; namespace: string; name: string }
  | { type: 'datasetField'; namespace: string; name: string; field: string };

/** A node id's type and the text after `{type}:`, without Marquez's optional `#<version>` suffix. */
export interface TypedNodeId {
  type: NodeType;
  text: string;
}

const NODE_TYPES: ReadonlySet<string> = new Set<NodeType>(['dataset', 'job', 'datasetField', 'run']);

/** The type and text of a node id, or null when it starts with no node type (the caller answers 400). */
export function typedNodeId(nodeId: string): TypedNodeId | null {
  const separator = nodeId.indexOf(':');
  if (separator < 0) return null;
  const type = nodeId.slice(0, separator);
  if (!NODE_TYPES.has(type)) return null;
  // Marquez's optional `#<version>` suffix names a version; the graph is the same for all of them.
  const text = nodeId.slice(separator + 1).replace(/#[0-9a-f-]{36}$/i, '');
  return { type: type as NodeType, text };
}

/** Every way to cut `text` at one colon into two non-empty parts, the longest head first. */
export function splitsAtColons(text: string): Array<[head: string, tail: string]> {
  const splits: Array<[string, string]> = [];
  for (let at = text.lastIndexOf(':'); at > 0; at = text.lastIndexOf(':', at - 1)) {
    if (at < text.length - 1) splits.push([text.slice(0, at), text.slice(at + 1)]);
  }
  return splits;
}

/** How a reading of a node id is written in an error message. */
export function describeReading(node: NodeRef): string {
  const base = `namespace '${node.namespace}', name '${node.name}'`;
  return node.type === 'datasetField' ? `${base}, field '${node.field}'` : base;
}

export const datasetNodeId = (namespace: string, name: string) => `dataset:${namespace}:${name}`;
export const jobNodeId = (namespace: string, name: string) => `job:${namespace}:${name}`;
export const datasetFieldNodeId = (namespace: string, name: string, field: string) => `datasetField:${namespace}:${name}:${field}`;
