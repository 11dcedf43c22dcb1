import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { middleEllipsis } from '../components/format';
import type { TableGroup } from './column-model';

export const TABLE_WIDTH = 280;
export const TABLE_HEADER = 52;
export const COLUMN_ROW = 26;

export function tableHeight(table: TableGroup, expanded: boolean): number {
  return TABLE_HEADER + (expanded ? table.columns.length * COLUMN_ROW : 0) + 6;
}

export type TableNodeData = {
  table: TableGroup;
  expanded: boolean;
  focus: boolean;
  selectedColumn?: string;
  /** Columns on the selected column's path (the selected one included). */
  onPath?: Set<string>;
  onToggle: (tableId: string) => void;
  onSelectColumn: (columnId: string) => void;
};

export type TableFlowNode = Node<TableNodeData, 'table'>;

/** A dataset at column level: its name and namespace, then its columns, each a button that selects it. */
export const TableNode = memo(function TableNode({ data }: NodeProps<TableFlowNode>) {
  const { table, expanded, focus, selectedColumn, onPath, onToggle, onSelectColumn } = data;
  const dimmed = (id: string) => onPath !== undefined && !onPath.has(id);
  return (
    <div className={`lineage-table${focus ? ' is-focus' : ''}${onPath?.has(table.id) ? ' on-path' : ''}`}>
      <Handle type="target" position={Position.Left} id="in:" isConnectable={false} className="table-handle" />
      <div className="lineage-table-head">
        <span className="lineage-table-name mono" title={table.name}>
          {middleEllipsis(table.name, 32)}
        </span>
        <span className="lineage-table-ns mono" title={table.namespace}>
          {middleEllipsis(table.namespace, 38)}
        </span>
        <button
          type="button"
          className="lineage-table-toggle nodrag"
          aria-expanded={expanded}
          aria-label={`${expanded ? 'Collapse' : 'Expand'} ${table.name}: ${table.columns.length} columns`}
          onClick={() => onToggle(table.id)}
        >
          {expanded ? '▾' : '▸'} {table.columns.length}
        </button>
      </div>
      <Handle type="source" position={Position.Right} id="out:" isConnectable={false} className="table-handle" />
      {expanded && (
        <ul className="lineage-columns" aria-label={`Columns of ${table.name}`}>
          {table.columns.map((column) => (
            <li key={column.id} className={`lineage-column${column.id === selectedColumn ? ' is-selected' : ''}${dimmed(column.id) ? ' is-dimmed' : ''}${onPath?.has(column.id) ? ' on-path' : ''}`}>
              <Handle type="target" position={Position.Left} id={`in:${column.field}`} isConnectable={false} />
              <button
                type="button"
                className="nodrag"
                data-column-id={column.id}
                aria-pressed={column.id === selectedColumn}
                title={`${table.name}.${column.field}${column.type ? ` (${column.type})` : ''}`}
                onClick={() => onSelectColumn(column.id)}
              >
                <span className="mono">{middleEllipsis(column.field, 24)}</span> <span className="muted small">{middleEllipsis(column.type, 14)}</span>
              </button>
              <Handle type="source" position={Position.Right} id={`out:${column.field}`} isConnectable={false} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
