/**
 * Layered left-to-right layout by ELK, computed in a web worker (elkjs's prebuilt worker script,
 * served as one of our assets) so a large graph never blocks the page.
 */
import ELK from 'elkjs/lib/elk-api';
import type { GraphArrow, GraphBox } from './graph-model';

export const NODE_WIDTH = 210;
export const NODE_HEIGHT = 58;

/** From this many nodes ELK trades some neatness for speed (a layout of hundreds of nodes is then markedly faster). */
const LARGE = 200;

// Started when the lineage page's code loads: the worker parses ELK (a large script) while the graph is fetched.
const elk = new ELK({ workerUrl: ELK_WORKER_URL });

export interface Positions {
  [id: string]: { x: number; y: number };
}

export async function layout(boxes: GraphBox[], arrows: GraphArrow[]): Promise<Positions> {
  return layoutSized(
    boxes.map((b) => ({ id: b.id, width: NODE_WIDTH, height: NODE_HEIGHT })),
    arrows,
  );
}

/** The same layered layout for boxes of their own sizes (the column graph's tables). */
export async function layoutSized(
  boxes: Array<{ id: string; width: number; height: number }>,
  arrows: Array<Pick<GraphArrow, 'id' | 'source' | 'target'>>,
  betweenLayers = 56,
): Promise<Positions> {
  const large = boxes.length > LARGE;
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
    },
    children: boxes,
    edges: arrows.map((a) => ({ id: a.id, sources: [a.source], targets: [a.target] })),
  });
  const positions: Positions = {};
  for (const child of result.children ?? []) positions[child.id] = { x: child.x ?? 0, y: child.y ?? 0 };
  return positions;
}
