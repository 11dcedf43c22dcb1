/**
 * Marquez's node ids: `dataset:{ns}:{name}`, `job:{ns}:{name}`, `datasetField:{ns}:{name}:{field}`.
 * Namespaces hold colons (`trino://host:8080`), so, as Marquez does, a colon followed by `//` or by
 * a digit is part of the token, not a delimiter.
 */
export type NodeRef =
  | { type: 'dataset' | 'job'; namespace: string; name: string }
  | { type: 'datasetField'; namespace: string; name: string; field: string };

const PART_COUNT = { dataset: 2, job: 2, datasetField: 3 } as const;

function tokens(text: string): string[] {
  const parts: string[] = [];
  for (const piece of text.split(':')) {
    if (parts.length > 0 && (piece.startsWith('//') || /^\d/.test(piece))) parts[parts.length - 1] += `:${piece}`;
    else parts.push(piece);
  }
  return parts;
}

/** The node a Marquez node id names, or null when it is not one (the caller answers 400). */
export function parseNodeId(nodeId: string): NodeRef | null {
  const separator = nodeId.indexOf(':');
  if (separator < 0) return null;
  const type = nodeId.slice(0, separator);
  if (type !== 'dataset' && type !== 'job' && type !== 'datasetField') return null;
  // Marquez's optional `#<version>` suffix names a version; the graph is the same for all of them.
  const rest = nodeId.slice(separator + 1).replace(/#[0-9a-f-]{36}$/i, '');
  const parts = tokens(rest);
  const count = PART_COUNT[type];
  if (parts.length < count) return null;
  // More parts than expected: the extra colons belong to the name (the namespace is the first token).
  const namespace = parts[0];
  if (type === 'datasetField') {
    const field = parts[parts.length - 1];
    const name = parts.slice(1, -1).join(':');
    return namespace && name && field ? { type, namespace, name, field } : null;
  }
  const name = parts.slice(1).join(':');
  return namespace && name ? { type, namespace, name } : null;
}

export const datasetNodeId = (namespace: string, name: string) => `dataset:${namespace}:${name}`;
export const jobNodeId = (namespace: string, name: string) => `job:${namespace}:${name}`;
export const datasetFieldNodeId = (namespace: string, name: string, field: string) => `datasetField:${namespace}:${name}:${field}`;
