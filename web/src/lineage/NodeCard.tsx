import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import type { GraphBox } from './graph-model';

export type BoxNode = Node<{ box: GraphBox; focus: boolean }, 'box'>;

const KIND_LABEL = { dataset: 'Dataset', job: 'Job', field: 'Column' } as const;

/** One box in the graph. Its accessible name is set on React Flow's node wrapper (ariaLabelOf). */
export const NodeCard = memo(function NodeCard({ data, selected }: NodeProps<BoxNode>) {
  const { box, focus } = data;
  return (
    <div className={`lineage-node kind-${box.kind}${focus ? ' is-focus' : ''}${selected ? ' is-selected' : ''}`}>
      <Handle type="target" position={Position.Left} isConnectable={false} />
      {/* The spaces keep the visible text equal to the accessible name (ariaLabelOf). */}
      <span className="lineage-node-kind">{KIND_LABEL[box.kind]}</span>{' '}
      <span className="lineage-node-name" title={box.name}>
        {box.name}
      </span>{' '}
      <span className="lineage-node-detail" title={box.detail}>
        {shownDetail(box)}
      </span>
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
});

function shownDetail(box: GraphBox): string {
  return box.kind === 'field' ? box.detail : box.namespace;
}

/** The visible text, in order: the accessible name must not differ from what a sighted user reads. */
export function ariaLabelOf(box: GraphBox): string {
  return `${KIND_LABEL[box.kind]} ${box.name} ${shownDetail(box)}`;
}
