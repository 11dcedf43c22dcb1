import { MarkerType, type Edge } from '@xyflow/react';
import { useMemo } from 'react';
import type { LineageGraph } from '../api/types';
import { plural } from '../components/format';
import { Problem } from '../components/Problem';
import { columnModel, pathOf, transformationLabel, type ColumnLink, type ColumnModel } from './column-model';
import { layoutSized } from './elk-layout';
import { GraphCanvas } from './GraphCanvas';
import type { GraphModel } from './graph-model';
import { NodePanel } from './NodePanel';
import { TABLE_WIDTH, tableHeight, TableNode, type TableFlowNode } from './TableNode';
import { useLayout } from './useLayout';
import { useToggleSet } from './useToggleSet';

const NODE_TYPES = { table: TableNode };
/** Tables with more columns than this start collapsed. */
const COLLAPSE_FROM = 24;
/** With more links than this, only the selected column's path is labelled. */
const LABEL_ALL_UP_TO = 12;
/** Room between tables for a link's label ("whole table · INDIRECT · FILTER"). */
const BETWEEN_TABLES = 180;

/** Column lineage grouped by table: expand or collapse a table, select a column to light its path. */
export function ColumnGraphView(props: { model: GraphModel; graph: LineageGraph; isFocusTable: (tableId: string) => boolean; selected?: string; onSelect: (id: string | undefined) => void; onExpand: (id: string) => void }) {
  const { model, graph, isFocusTable, selected, onSelect, onExpand } = props;
  const columns = useMemo(() => columnModel(model, graph), [model, graph]);
  const startCollapsed = useMemo(() => new Set(columns.tables.filter((t) => t.columns.length > COLLAPSE_FROM).map((t) => t.id)), [columns]);
  const [collapsed, toggle] = useToggleSet(startCollapsed);
  const layoutKey = useMemo(() => `${columns.tables.map((t) => t.id).join('\n')}|${[...collapsed].sort().join('\n')}`, [columns, collapsed]);
  const { layout: positions, error: layoutError } = useLayout(columns, layoutKey, () => {
    const tableLinks = new Map<string, { id: string; source: string; target: string }>();
    for (const link of columns.links) {
      const id = `${link.sourceTable}->${link.targetTable}`;
      if (link.sourceTable !== link.targetTable) tableLinks.set(id, { id, source: link.sourceTable, target: link.targetTable });
    }
    return layoutSized(
      columns.tables.map((t) => ({ id: t.id, width: TABLE_WIDTH, height: tableHeight(t, !collapsed.has(t.id)) })),
      [...tableLinks.values()],
      BETWEEN_TABLES,
    );
  });

  const selectedColumn = selected && columns.tableOf.has(selected) ? selected : undefined;
  const path = useMemo(() => (selectedColumn ? pathOf(selectedColumn, columns) : null), [selectedColumn, columns]);

  const nodes: TableFlowNode[] = useMemo(
    () =>
      positions
        ? columns.tables.map((table) => {
            const expanded = !collapsed.has(table.id);
            return {
              id: table.id,
              type: 'table',
              position: positions[table.id] ?? { x: 0, y: 0 },
              width: TABLE_WIDTH,
              height: tableHeight(table, expanded),
              data: { table, expanded, focus: isFocusTable(table.id), selectedColumn, onPath: path?.nodes, onToggle: toggle, onSelectColumn: onSelect },
              draggable: false,
              connectable: false,
              selectable: false,
              focusable: false,
              ariaRole: 'group',
              ariaLabel: `Table ${table.name} ${table.namespace}`,
            };
          })
        : [],
    // toggle and onSelect change identity each render; the nodes need not follow them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [positions, columns, collapsed, selectedColumn, path],
  );
  const edges: Edge[] = useMemo(() => edgesOf(columns, collapsed, path), [columns, collapsed, path]);
  const selectedBox = selectedColumn ? model.boxes.find((b) => b.id === selectedColumn) : undefined;
  const fitView = useMemo(() => {
    const focus = columns.tables.filter((t) => isFocusTable(t.id)).map((t) => t.id);
    // The start table and the tables linked to it: readable at first, the rest a pan away.
    const near = new Set(focus);
    for (const link of columns.links) {
      if (near.has(link.sourceTable) || near.has(link.targetTable)) {
        near.add(link.sourceTable);
        near.add(link.targetTable);
      }
    }
    return { maxZoom: 1, padding: 0.12, nodes: columns.tables.length > 12 ? [...near].map((id) => ({ id })) : undefined };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [columns]);

  if (layoutError !== undefined) return <Problem title="Could not lay out the graph" error={layoutError} />;
  if (columns.tables.length === 0) return <p className="empty">No column lineage at this depth and direction.</p>;
  return (
    <GraphCanvas<TableFlowNode>
      ready={positions !== null}
      layingOut={`Laying out ${plural(columns.tables.length, 'table')}…`}
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      fitViewOptions={fitView}
      minZoom={0.05}
      elementsSelectable={false}
      onPaneClick={() => onSelect(undefined)}
      aria-label="Column lineage graph"
      legend={<Legend />}
      aside={
        selectedBox && (
          <NodePanel
            box={selectedBox}
            upstream={columns.links.filter((l) => l.target === selectedBox.id).length}
            downstream={columns.links.filter((l) => l.source === selectedBox.id).length}
            onExpand={() => onExpand(selectedBox.id)}
            onClose={() => onSelect(undefined)}
          >
            <Transformations links={columns.links.filter((l) => l.target === selectedBox.id || (l.datasetLevel && l.target === columns.tableOf.get(selectedBox.id)))} />
          </NodePanel>
        )
      }
    />
  );
}

function edgesOf(columns: ColumnModel, collapsed: ReadonlySet<string>, path: { links: Set<string> } | null): Edge[] {
  const labelAll = columns.links.length <= LABEL_ALL_UP_TO;
  const fieldOf = new Map(columns.tables.flatMap((t) => t.columns.map((c) => [c.id, c.field] as const)));
  const edges = new Map<string, Edge>();
  for (const link of columns.links) {
    const sourceOpen = !collapsed.has(link.sourceTable);
    const targetOpen = !collapsed.has(link.targetTable) && !link.datasetLevel;
    const onPath = path?.links.has(link.id) ?? false;
    const label = labelAll || onPath ? transformationLabel(link) : '';
    const className = [
      link.transformationType === 'INDIRECT' || link.datasetLevel ? 'indirect' : 'direct',
      link.datasetLevel ? 'dataset-level' : '',
      link.evidence === 'declared' ? 'declared' : '',
      onPath ? 'on-path' : path ? 'dimmed' : '',
    ]
      .filter(Boolean)
      .join(' ');
    const edge: Edge = {
      id: link.id,
      source: link.sourceTable,
      target: link.targetTable,
      sourceHandle: sourceOpen ? `out:${fieldOf.get(link.source)}` : 'out:',
      targetHandle: targetOpen ? `in:${fieldOf.get(link.target)}` : 'in:',
      markerEnd: { type: MarkerType.ArrowClosed },
      label: label || undefined,
      className,
      ariaLabel: `${link.source} feeds ${link.target}${label ? `: ${label}` : ''}`,
      focusable: false,
    };
    // Collapsed tables draw one edge per table pair and transformation.
    const key = sourceOpen && targetOpen ? link.id : `${edge.source}|${edge.sourceHandle}|${edge.target}|${edge.targetHandle}|${label}`;
    if (!edges.has(key) || onPath) edges.set(key, edge);
  }
  return [...edges.values()];
}

function Transformations({ links }: { links: ColumnLink[] }) {
  if (links.length === 0) return null;
  return (
    <>
      <h3>Computed from</h3>
      <ul className="plain small transformations">
        {links.map((l) => (
          <li key={l.id}>
            <span className="mono">{l.source.split(':').slice(-2).join('.')}</span> <span className={`badge transformation ${l.transformationType === 'INDIRECT' || l.datasetLevel ? 'indirect' : 'direct'}`}>{transformationLabel(l) || 'no type given'}</span>
            {l.description && <div className="muted">{l.description}</div>}
          </li>
        ))}
      </ul>
    </>
  );
}

function Legend() {
  return (
    <p className="graph-legend small" aria-label="Legend">
      <span>
        <span className="legend-line direct" aria-hidden="true" /> DIRECT: the value is copied or computed from the input
      </span>
      <span>
        <span className="legend-line indirect" aria-hidden="true" /> INDIRECT or whole table: the input filters, joins, groups or sorts
      </span>
    </p>
  );
}
