import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { middleEllipsis, plural } from '../components/format';
import type { JobGroup } from './job-groups';

export type JobGroupFlowNode = Node<{ group: JobGroup; collapsed: boolean; focus: boolean; onToggle: (groupId: string) => void }, 'jobGroup'>;

const NAME_CHARS = 30;

/**
 * A parent job holding its child jobs (and the datasets only they write and read); collapsed, one
 * box the size of a job that the arrows of its children end at.
 */
export const JobGroupNode = memo(function JobGroupNode({ data }: NodeProps<JobGroupFlowNode>) {
  const { group, collapsed, focus, onToggle } = data;
  const count = plural(group.jobs.length, 'job');
  return (
    <div className={`lineage-group${collapsed ? ' is-collapsed' : ''}${focus ? ' is-focus' : ''}`}>
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <div className="lineage-group-head">
        <span className="lineage-node-kind">{group.kind}</span>
        <span className="lineage-group-name" title={`${group.parent.name} (${group.parent.namespace})`}>
          {middleEllipsis(group.parent.name, NAME_CHARS)}
        </span>
        <button
          type="button"
          className="lineage-group-toggle nodrag"
          aria-expanded={!collapsed}
          aria-label={`${collapsed ? 'Expand' : 'Collapse'} ${group.parent.name}: ${count}`}
          onClick={() => onToggle(group.id)}
        >
          {collapsed ? '▸' : '▾'} {count}
        </button>
      </div>
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
});

/** What a screen reader says of the group: the visible text, then what it holds. */
export function groupLabel(group: JobGroup, collapsed: boolean): string {
  const held = group.datasets.length > 0 ? `${plural(group.jobs.length, 'job')} and ${plural(group.datasets.length, 'dataset')} between them` : plural(group.jobs.length, 'job');
  return `${group.kind} ${group.parent.name} (${group.parent.namespace}): ${held}${collapsed ? ', collapsed' : ''}`;
}
