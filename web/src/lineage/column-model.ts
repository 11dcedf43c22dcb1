/**
 * The column graph as people read it (DataHub, Marquez): each dataset a table box holding its
 * columns, column-to-column links carrying their transformation (DIRECT/INDIRECT, subtype,
 * masking), and the dataset-level dependencies (ColumnLineage's `dataset` list) as links from an
 * input column to the whole output table.
 */
import type { DatasetDependency, FieldData, LineageGraph } from '../api/types';
import { datasetNodeId } from '../node-ids';
import type { GraphModel } from './graph-model';

export interface ColumnRow {
  /** The field's node id (`datasetField:{ns}:{dataset}:{field}`). */
  id: string;
  field: string;
  type: string;
}

export interface TableGroup {
  /** The dataset's node id (`dataset:{ns}:{name}`). */
  id: string;
  namespace: string;
  name: string;
  columns: ColumnRow[];
}

export interface ColumnLink {
  /** `{source}->{target}`, both node ids. */
  id: string;
  /** A column. */
  source: string;
  /** A column, or a table for a dataset-level dependency. */
  target: string;
  sourceTable: string;
  targetTable: string;
  datasetLevel: boolean;
  transformationType: string | null;
  transformationSubtype: string | null;
  description: string | null;
  masking: boolean | null;
  /** Observed in runs, declared (a job event's or dataset's lineage facet), or both. */
  evidence?: 'observed' | 'declared' | 'both';
}

export interface ColumnModel {
  tables: TableGroup[];
  links: ColumnLink[];
  /** Column id -> its table's id. */
  tableOf: Map<string, string>;
}

export const fieldNodeId = (namespace: string, dataset: string, field: string) => `datasetField:${namespace}:${dataset}:${field}`;

/** "DIRECT · AGGREGATION · masked": what a link's label says. */
export function transformationLabel(link: Pick<ColumnLink, 'transformationType' | 'transformationSubtype' | 'masking' | 'datasetLevel' | 'evidence'>): string {
  const parts = [
    link.evidence === 'declared' ? 'declared' : null,
    link.datasetLevel ? 'whole table' : null,
    link.transformationType,
    link.transformationSubtype,
    link.masking ? 'masked' : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

export function columnModel(model: GraphModel, graph: LineageGraph): ColumnModel {
  const tables = new Map<string, TableGroup>();
  const tableOf = new Map<string, string>();
  const addColumn = (namespace: string, dataset: string, field: string, type: string) => {
    const tableId = datasetNodeId(namespace, dataset);
    let table = tables.get(tableId);
    if (!table) {
      table = { id: tableId, namespace, name: dataset, columns: [] };
      tables.set(tableId, table);
    }
    const id = fieldNodeId(namespace, dataset, field);
    if (!tableOf.has(id)) {
      table.columns.push({ id, field, type });
      tableOf.set(id, tableId);
    }
    return id;
  };
  const dataOf = new Map<string, FieldData>();
  for (const box of model.boxes) {
    if (box.kind !== 'field') continue;
    addColumn(box.namespace, box.dataset, box.name, box.data.fieldType);
    dataOf.set(box.id, box.data);
  }
  const links: ColumnLink[] = model.arrows.map((arrow) => {
    const input = dataOf
      .get(arrow.target)
      ?.inputFields.find((i) => fieldNodeId(i.namespace, i.dataset, i.field) === arrow.source);
    return {
      id: arrow.id,
      source: arrow.source,
      target: arrow.target,
      sourceTable: tableOf.get(arrow.source) ?? '',
      targetTable: tableOf.get(arrow.target) ?? '',
      datasetLevel: false,
      transformationType: input?.transformationType ?? null,
      transformationSubtype: input?.transformationSubtype ?? null,
      description: input?.transformationDescription ?? null,
      masking: input?.masking ?? null,
      evidence: input?.source,
    };
  });
  const shown = new Set(tables.keys());
  for (const dependency of graph.datasetDependencies ?? []) links.push(...datasetLevelLink(dependency, shown, addColumn, tables));
  return { tables: [...tables.values()], links, tableOf };
}

/** A dataset-level dependency of a table in the graph: its input column joins the graph if it is not in it yet. */
function datasetLevelLink(
  d: DatasetDependency,
  shown: Set<string>,
  addColumn: (namespace: string, dataset: string, field: string, type: string) => string,
  tables: Map<string, TableGroup>,
): ColumnLink[] {
  const targetTable = datasetNodeId(d.namespace, d.dataset);
  if (!shown.has(targetTable)) return [];
  const source = addColumn(d.input.namespace, d.input.dataset, d.input.field, '');
  const sourceTable = datasetNodeId(d.input.namespace, d.input.dataset);
  if (sourceTable === targetTable || !tables.has(sourceTable)) return [];
  return [
    {
      id: `${source}->${targetTable}`,
      source,
      target: targetTable,
      sourceTable,
      targetTable,
      datasetLevel: true,
      transformationType: d.transformationType,
      transformationSubtype: d.transformationSubtype,
      description: d.transformationDescription,
      masking: d.masking,
      evidence: d.source,
    },
  ];
}

/**
 * Everything a column's values come from and flow into: the links upstream (including the
 * dataset-level dependencies of its table) and downstream of it, and the columns and tables on them.
 */
export function pathOf(columnId: string, model: ColumnModel): { links: Set<string>; nodes: Set<string> } {
  const links = new Set<string>();
  const nodes = new Set<string>([columnId]);
  const walk = (start: string, next: (id: string) => ColumnLink[], far: (link: ColumnLink) => string) => {
    const queue = [start];
    const seen = new Set(queue);
    for (let i = 0; i < queue.length; i++) {
      for (const link of next(queue[i])) {
        links.add(link.id);
        const other = far(link);
        nodes.add(other);
        if (!seen.has(other)) {
          seen.add(other);
          queue.push(other);
        }
      }
    }
  };
  walk(
    columnId,
    (id) => model.links.filter((l) => l.target === id || (l.datasetLevel && l.target === model.tableOf.get(id))),
    (l) => l.source,
  );
  walk(columnId, (id) => model.links.filter((l) => l.source === id), (l) => l.target);
  return { links, nodes };
}
