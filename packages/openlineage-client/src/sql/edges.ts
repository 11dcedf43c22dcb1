import type { DatasetId, InputField, Transformation, TransformationSubtype } from './types';

/** One input column feeding something, and how. */
export interface Edge {
  dataset: DatasetId;
  field: string;
  transformation: Transformation;
}

export const direct = (subtype: TransformationSubtype, masking = false): Transformation => ({
  type: 'DIRECT',
  subtype,
  masking,
});
export const indirect = (subtype: TransformationSubtype): Transformation => ({
  type: 'INDIRECT',
  subtype,
  masking: false,
});

const DIRECT_STRENGTH: Partial<Record<TransformationSubtype, number>> = {
  IDENTITY: 0,
  TRANSFORMATION: 1,
  AGGREGATION: 2,
};

/**
 * How a column reaches the outside when an outer expression (`outer`) uses a column that was
 * itself made by `inner`: an indirect use stays indirect (the outer one wins, being the one that
 * touches the output); two direct ones give the stronger of the two (identity < transformation <
 * aggregation); masking anywhere masks.
 */
export function compose(outer: Transformation, inner: Transformation): Transformation {
  if (outer.type === 'INDIRECT') return outer;
  if (inner.type === 'INDIRECT') return inner;
  const subtype =
    (DIRECT_STRENGTH[outer.subtype] ?? 1) >= (DIRECT_STRENGTH[inner.subtype] ?? 1) ? outer.subtype : inner.subtype;
  return direct(subtype, outer.masking || inner.masking);
}

export function composeAll(outer: Transformation, edges: Edge[]): Edge[] {
  return edges.map((edge) => ({ ...edge, transformation: compose(outer, edge.transformation) }));
}

const transformationKey = (t: Transformation) => `${t.type}/${t.subtype}/${t.masking}`;

/** Groups edges into OpenLineage input fields: one per column, its distinct transformations sorted. */
export function toInputFields(edges: Edge[]): InputField[] {
  const byColumn = new Map<string, InputField & { keys: Set<string> }>();
  for (const edge of edges) {
    const columnKey = JSON.stringify([edge.dataset.namespace, edge.dataset.name, edge.field]);
    let input = byColumn.get(columnKey);
    if (!input) {
      input = { ...edge.dataset, field: edge.field, transformations: [], keys: new Set() };
      byColumn.set(columnKey, input);
    }
    const key = transformationKey(edge.transformation);
    if (!input.keys.has(key)) {
      input.keys.add(key);
      input.transformations.push(edge.transformation);
    }
  }
  return [...byColumn.values()]
    .map(({ keys: _keys, ...input }) => ({
      ...input,
      transformations: input.transformations.sort((a, b) => transformationKey(a).localeCompare(transformationKey(b))),
    }))
    .sort((a, b) => `${a.name}\u0000${a.field}`.localeCompare(`${b.name}\u0000${b.field}`));
}
