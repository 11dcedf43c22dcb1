/** What an edge rests on: a run's observation, a declaration (a job event, the lineage facet), or both. */
export const LINEAGE_SOURCES = ['observed', 'declared', 'both'] as const;
export type LineageSource = (typeof LINEAGE_SOURCES)[number];

/** How the OpenAPI document describes an edge's `source`. */
export const LINEAGE_SOURCE_DESCRIPTION =
  "What the edge rests on. 'observed': a run's inputs and outputs, its column lineage or its `lineage` job facet; " +
  "'declared': a job event's inputs, outputs or `lineage` facet, or a dataset's `lineage` facet (LineageFacet 1-0-0); 'both': each of them";

/** The flags an edge row carries: observed and declared may both hold. */
export interface SourceFlags {
  observed: boolean;
  declared: boolean;
}

export const sourceOf = (flags: SourceFlags): LineageSource => (flags.observed && flags.declared ? 'both' : flags.declared ? 'declared' : 'observed');

/** One edge per key, observed where any of its rows is, declared where any is; first-seen order kept. */
export function mergeFlags<T extends SourceFlags>(edges: T[], keyOf: (edge: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const edge of edges) {
    const key = keyOf(edge);
    const kept = byKey.get(key);
    if (!kept) byKey.set(key, { ...edge });
    else {
      kept.observed ||= edge.observed;
      kept.declared ||= edge.declared;
    }
  }
  return [...byKey.values()];
}
