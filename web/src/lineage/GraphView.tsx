import { MarkerType, type Edge } from '@xyflow/react';
import { useMemo } from 'react';
import { plural } from '../components/format';
import { Problem } from '../components/Problem';
import { layoutNested, NODE_HEIGHT, NODE_WIDTH, type LayoutBox, type NestedLayout } from './elk-layout';
import { GraphCanvas } from './GraphCanvas';
import type { GraphBox, GraphModel } from './graph-model';
import { drawnGraph, initiallyCollapsed, jobGroups, membersOf, type DrawnGraph } from './job-groups';
import { groupLabel, JobGroupNode, type JobGroupFlowNode } from './JobGroupNode';
import { ariaLabelOf, NodeCard, type BoxNode } from './NodeCard';
import { NodePanel } from './NodePanel';
import { useLayout } from './useLayout';
import { useToggleSet } from './useToggleSet';

const NODE_TYPES = { box: NodeCard, jobGroup: JobGroupNode };
/** A graph this small is fitted whole at first. */
const FIT_ALL_UP_TO = 40;
/** A larger one: the start node and the nodes laid out nearest to it, readable; the rest is a pan or a zoom away. */
const FIT_NEAREST = 16;
/** Above this many nodes React Flow draws only what is in view. */
const VIRTUALIZE_FROM = 200;

type FlowNode = BoxNode | JobGroupFlowNode;

/** The table-level graph: datasets and jobs, child jobs inside their parent job unless `grouped` is off. */
export function GraphView(props: {
  model: GraphModel;
  grouped: boolean;
  isFocus: (box: GraphBox) => boolean;
  selected?: string;
  onSelect: (id: string | undefined) => void;
  onExpand: (id: string) => void;
}) {
  const { model, grouped, isFocus, selected, onSelect, onExpand } = props;
  const groups = useMemo(() => (grouped ? jobGroups(model) : []), [model, grouped]);
  // isFocus follows the model (the page's start node); a new one each render must not reset the groups.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const startCollapsed = useMemo(() => initiallyCollapsed(groups, isFocus), [groups]);
  const [collapsed, toggle] = useToggleSet(startCollapsed);
  const drawn = useMemo(() => drawnGraph(model, groups, collapsed), [model, groups, collapsed]);
  const { layout, error } = useLayout(model, drawn, async () => ({ drawn, ...(await layoutNested(layoutBoxes(drawn), drawn.arrows)) }));

  const nodes: FlowNode[] = useMemo(() => (layout ? flowNodes(layout, isFocus, selected, toggle) : []), [layout, selected]); // eslint-disable-line react-hooks/exhaustive-deps
  const edges: Edge[] = useMemo(() => (layout ? flowEdges(layout.drawn) : []), [layout]);
  const fitView = useMemo(() => fitViewOf(layout, isFocus), [layout]); // eslint-disable-line react-hooks/exhaustive-deps
  const selectedBox = selected ? model.boxes.find((b) => b.id === selected) : undefined;
  const isBox = (id: string) => model.boxes.some((b) => b.id === id);

  if (error !== undefined) return <Problem title="Could not lay out the graph" error={error} />;
  if (model.boxes.length === 0) return <p className="empty">Nothing is connected to this node at this depth and direction.</p>;
  return (
    <GraphCanvas<FlowNode>
      ready={layout !== null}
      layingOut={`Laying out ${plural(model.boxes.length, 'node')}…`}
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      fitViewOptions={fitView}
      minZoom={0.02}
      onlyRenderVisibleElements={nodes.length > VIRTUALIZE_FROM}
      onNodeClick={(_, node) => isBox(node.id) && onSelect(node.id)}
      onNodeDoubleClick={(_, node) => isBox(node.id) && onExpand(node.id)}
      onNodesChange={(changes) => {
        // Enter or Space on a focused node selects it: open its panel.
        for (const change of changes) if (change.type === 'select' && change.selected && isBox(change.id)) onSelect(change.id);
      }}
      onPaneClick={() => onSelect(undefined)}
      aria-label="Lineage graph"
      aside={
        selectedBox && (
          <NodePanel
            box={selectedBox}
            upstream={model.arrows.filter((a) => a.target === selectedBox.id).length}
            downstream={model.arrows.filter((a) => a.source === selectedBox.id).length}
            onExpand={() => onExpand(selectedBox.id)}
            onClose={() => onSelect(undefined)}
          />
        )
      }
    />
  );
}

type Laid = NestedLayout & { drawn: DrawnGraph };

/** What ELK lays out: the boxes outside groups, collapsed groups as one box, open groups around their boxes. */
function layoutBoxes(drawn: DrawnGraph): LayoutBox[] {
  const sized = (id: string) => ({ id, width: NODE_WIDTH, height: NODE_HEIGHT });
  const inside = new Map<string, string[]>();
  for (const { box, groupId } of drawn.boxes) if (groupId) inside.set(groupId, [...(inside.get(groupId) ?? []), box.id]);
  return [
    ...drawn.boxes.filter(({ groupId }) => !groupId).map(({ box }) => sized(box.id)),
    ...drawn.groups.map(({ group, collapsed }) => (collapsed ? sized(group.id) : { id: group.id, children: (inside.get(group.id) ?? []).map(sized) })),
  ];
}

/** Groups first: React Flow wants a parent before its children. */
function flowNodes(layout: Laid, isFocus: (box: GraphBox) => boolean, selected: string | undefined, onToggle: (groupId: string) => void): FlowNode[] {
  const { drawn, positions, sizes } = layout;
  const groups: JobGroupFlowNode[] = drawn.groups.map(({ group, collapsed }) => ({
    id: group.id,
    type: 'jobGroup',
    position: positions[group.id] ?? { x: 0, y: 0 },
    width: collapsed ? NODE_WIDTH : sizes[group.id]?.width,
    height: collapsed ? NODE_HEIGHT : sizes[group.id]?.height,
    data: { group, collapsed, focus: collapsed && membersOf(group).some(isFocus), onToggle },
    selectable: false,
    focusable: false,
    draggable: false,
    connectable: false,
    ariaRole: 'group',
    ariaLabel: groupLabel(group, collapsed),
  }));
  const parentOf = new Map(drawn.groups.map(({ group }) => [group.id, group.parent.name]));
  const boxes: BoxNode[] = drawn.boxes.map(({ box, groupId }) => {
    const shownName = nameInGroup(box, groupId && parentOf.get(groupId));
    return {
      id: box.id,
      type: 'box',
      position: positions[box.id] ?? { x: 0, y: 0 },
      parentId: groupId,
      // Known sizes let React Flow fit and cull the view before it has measured a node.
      width: NODE_WIDTH,
      height: NODE_HEIGHT,
      data: { box, focus: isFocus(box), shownName },
      selected: box.id === selected,
      ariaRole: 'button',
      ariaLabel: ariaLabelOf(box, shownName),
      draggable: false,
      connectable: false,
    };
  });
  return [...groups, ...boxes];
}

/** Inside its parent's box a child job's name need not repeat the parent's ("nightly_sales.load" shows "load"). */
function nameInGroup(box: GraphBox, parentName: string | undefined): string {
  return box.kind === 'job' && parentName && box.name.startsWith(`${parentName}.`) ? box.name.slice(parentName.length + 1) : box.name;
}

function flowEdges(drawn: DrawnGraph): Edge[] {
  return drawn.arrows.map((a) => ({
    id: a.id,
    source: a.source,
    target: a.target,
    markerEnd: { type: MarkerType.ArrowClosed },
    className: a.evidence === 'declared' ? 'declared' : undefined,
    label: a.evidence === 'declared' ? 'declared' : undefined,
    ariaLabel: `${a.source} feeds ${a.target}${a.evidence === 'declared' ? ' (declared, not yet observed in a run)' : ''}`,
    focusable: false,
  }));
}

/** Fitted whole when small; else the start node and the nodes laid out nearest to it. */
function fitViewOf(layout: Laid | null, isFocus: (box: GraphBox) => boolean) {
  const whole = { maxZoom: 1, padding: 0.1 };
  if (!layout) return whole;
  const { drawn, positions } = layout;
  const start = drawn.boxes.find(({ box }) => isFocus(box));
  const count = drawn.boxes.length + drawn.groups.length;
  if (!start || count <= FIT_ALL_UP_TO) return whole;
  const absolute = new Map<string, { x: number; y: number }>();
  for (const { group } of drawn.groups) absolute.set(group.id, positions[group.id] ?? { x: 0, y: 0 });
  for (const { box, groupId } of drawn.boxes) {
    const offset = groupId ? (absolute.get(groupId) ?? { x: 0, y: 0 }) : { x: 0, y: 0 };
    const own = positions[box.id] ?? { x: 0, y: 0 };
    absolute.set(box.id, { x: offset.x + own.x, y: offset.y + own.y });
  }
  const origin = absolute.get(start.box.id) ?? { x: 0, y: 0 };
  const distance = (id: string) => {
    const at = absolute.get(id) ?? origin;
    return Math.hypot(at.x - origin.x, at.y - origin.y);
  };
  const nearest = drawn.boxes
    .map(({ box }) => box.id)
    .sort((a, b) => distance(a) - distance(b))
    .slice(0, FIT_NEAREST);
  return { ...whole, nodes: nearest.map((id) => ({ id })) };
}
