import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import type { GraphBox } from './graph-model';

export type BoxNode = Node<{ box: GraphBox; focus: boolean }, 'box'>;

const KIND_LABEL = { dataset: 'Dataset', job: 'Job', field: 'Column' } as const;

/** One box in the graph. Its accessible name is set on the node wrapper (see toFlowNodes). */
export const NodeCard = memo(function NodeCard({ data, selected }: NodeProps<BoxNode>) {
  const { box, focus } = data;
  return (
    <div className={`lineage-node kind-${box.kind}${focus ? ' is-focus' : ''}${selected ? ' is-selected' : ''}`}>
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <span className="lineage-node-kind" aria-hidden="true">
        {KIND_LABEL[box.kind]}
      </span>
      <span className="lineage-node-name" title={box.name}>
        {box.name}
      </span>
      <span className="lineage-node-detail" title={box.detail}>
        {box.kind === 'field' ? box.detail : box.namespace}
      </span>
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
});

export function ariaLabelOf(box: GraphBox): string {
  if (box.kind === 'field') return `Column ${box.name} of ${box.dataset ?? 'a dataset'} in ${box.namespace}`;
  return `${KIND_LABEL[box.kind]} ${box.name} in ${box.namespace}`;
}
