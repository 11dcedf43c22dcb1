/** Reads `namespace` of an object, if it is one with a string namespace. */
function namespaceOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const ns = (value as { namespace?: unknown }).namespace;
  return typeof ns === 'string' ? ns : undefined;
}

/**
 * Whether an event (run, job or dataset event) names `namespace`: as its job's namespace, or as
 * the namespace of a dataset it names (an input, an output, or a dataset event's dataset).
 */
export function eventNamesNamespace(event: Record<string, unknown>, namespace: string): boolean {
  if (namespaceOf(event.job) === namespace || namespaceOf(event.dataset) === namespace) return true;
  for (const key of ['inputs', 'outputs'] as const) {
    const datasets = event[key];
    if (Array.isArray(datasets) && datasets.some((d) => namespaceOf(d) === namespace)) return true;
  }
  return false;
}
