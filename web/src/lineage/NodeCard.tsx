import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { middleEllipsis } from '../components/format';
import type { GraphBox } from './graph-model';

/** `shownName`: the name on the box (a child job in its parent's group drops the parent's name). */
export type BoxNode = Node<{ box: GraphBox; focus: boolean; shownName: string }, 'box'>;

const KIND_LABEL = { dataset: 'Dataset', job: 'Job', field: 'Column' } as const;
/** What fits on a node's lines: long names lose their middle, never the end that tells them apart. */
const NAME_CHARS = 23;
const DETAIL_CHARS = 30;

/** One box in the graph. Its accessible name is set on React Flow's node wrapper (ariaLabelOf). */
export const NodeCard = memo(function NodeCard({ data, selected }: NodeProps<BoxNode>) {
  const { box, focus, shownName } = data;
  return (
    <div className={`lineage-node kind-${box.kind}${focus ? ' is-focus' : ''}${selected ? ' is-selected' : ''}`}>
      <Handle type="target" position={Position.Left} isConnectable={false} />
      {/* The spaces keep the visible text equal to the start of the accessible name (ariaLabelOf). */}
      <span className="lineage-node-kind">{KIND_LABEL[box.kind]}</span>{' '}
      <span className="lineage-node-name" title={box.name}>
        {middleEllipsis(shownName, NAME_CHARS)}
      </span>{' '}
      <span className="lineage-node-detail" title={shownDetail(box)}>
        {middleEllipsis(shownDetail(box), DETAIL_CHARS)}
      </span>
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
});

function shownDetail(box: GraphBox): string {
  return box.kind === 'field' ? box.detail : box.namespace;
}

/**
 * The visible text, in order (the accessible name must contain what a sighted user reads), then
 * the whole names when the node shows them cut.
 */
export function ariaLabelOf(box: GraphBox, shownName = box.name): string {
  const name = middleEllipsis(shownName, NAME_CHARS);
  const detail = middleEllipsis(shownDetail(box), DETAIL_CHARS);
  const visible = `${KIND_LABEL[box.kind]} ${name} ${detail}`;
  return name === box.name && detail === shownDetail(box) ? visible : `${visible} (${box.name}, ${shownDetail(box)})`;
}
