/**
 * Layered left-to-right layout by ELK, computed in a web worker (elkjs's prebuilt worker script,
 * served as one of our assets) so a large graph never blocks the page.
 */
import ELK from 'elkjs/lib/elk-api';
import type { GraphArrow } from './graph-model';

export const NODE_WIDTH = 210;
export const NODE_HEIGHT = 58;

/** From this many nodes ELK trades some neatness for speed (a layout of hundreds of nodes is then markedly faster). */
const LARGE = 200;

// Started when the lineage page's code loads: the worker parses ELK (a large script) while the graph is fetched.
const elk = new ELK({ workerUrl: ELK_WORKER_URL });

export interface Positions {
  [id: string]: { x: number; y: number };
}

/** A box of a known size, or a group that ELK sizes around its boxes. */
export type LayoutBox = { id: string; width: number; height: number } | { id: string; children: Array<{ id: string; width: number; height: number }> };

export interface NestedLayout {
  /** A box inside a group is placed relative to the group (as React Flow places a child node). */
  positions: Positions;
  /** The size ELK gave each group. */
  sizes: { [id: string]: { width: number; height: number } };
}

/** Room above a group's boxes for its heading, and around them. */
export const GROUP_PADDING = { top: 52, side: 16 };

/** The same layered layout for boxes of their own sizes (the column graph's tables). */
export async function layoutSized(boxes: Array<{ id: string; width: number; height: number }>, arrows: Array<Pick<GraphArrow, 'id' | 'source' | 'target'>>, betweenLayers = 56): Promise<Positions> {
  return (await layoutNested(boxes, arrows, betweenLayers)).positions;
}

/**
 * Groups are laid out with the rest of the graph (ELK's INCLUDE_CHILDREN), so an arrow into a
 * group's box is placed as if the group were not there and the boxes in a group follow the data.
 */
export async function layoutNested(boxes: LayoutBox[], arrows: Array<Pick<GraphArrow, 'id' | 'source' | 'target'>>, betweenLayers = 56): Promise<NestedLayout> {
  const count = boxes.reduce((sum, box) => sum + ('children' in box ? box.children.length + 1 : 1), 0);
  const large = count > LARGE;
  const nested = boxes.some((box) => 'children' in box);
  const result = await elk.layout({
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.layered.spacing.nodeNodeBetweenLayers': String(betweenLayers),
      'elk.spacing.nodeNode': '24',
      // React Flow draws its own edges: ELK's orthogonal routing would be time spent for nothing.
      'elk.edgeRouting': 'POLYLINE',
      'elk.layered.crossingMinimization.greedySwitch.type': 'OFF',
      'elk.layered.thoroughness': large ? '1' : '7',
      'elk.layered.nodePlacement.strategy': large ? 'SIMPLE' : 'BRANDES_KOEPF',
      'elk.separateConnectedComponents': 'true',
      ...(nested ? { 'elk.hierarchyHandling': 'INCLUDE_CHILDREN' } : {}),
    },
    children: boxes.map((box) =>
      'children' in box ? { id: box.id, layoutOptions: { 'elk.padding': `[top=${GROUP_PADDING.top},left=${GROUP_PADDING.side},bottom=${GROUP_PADDING.side},right=${GROUP_PADDING.side}]` }, children: box.children } : box,
    ),
    edges: arrows.map((a) => ({ id: a.id, sources: [a.source], targets: [a.target] })),
  });
  const layout: NestedLayout = { positions: {}, sizes: {} };
  for (const child of result.children ?? []) {
    layout.positions[child.id] = { x: child.x ?? 0, y: child.y ?? 0 };
    if (!child.children) continue;
    layout.sizes[child.id] = { width: child.width ?? 0, height: child.height ?? 0 };
    for (const grandchild of child.children) layout.positions[grandchild.id] = { x: grandchild.x ?? 0, y: grandchild.y ?? 0 };
  }
  return layout;
}
