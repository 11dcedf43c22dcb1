import { Background, Controls, ReactFlow, type Edge, type Node, type ReactFlowProps } from '@xyflow/react';
import { useRef, type ReactNode } from 'react';
import { Spinner } from '../components/text';
import { useFrameHeight } from './useFrameHeight';

type CanvasProps<N extends Node> = Omit<ReactFlowProps<N, Edge>, 'children'> & {
  /** False until the layout is known: the frame then says what it is laying out. */
  ready: boolean;
  layingOut: string;
  /** Drawn under the canvas, inside the frame. */
  legend?: ReactNode;
  /** Beside the frame: the selected node's panel. */
  aside?: ReactNode;
};

/**
 * The frame both lineage graphs are drawn in: the viewport's height, fitted at first, not
 * editable, with zoom controls; busy (aria-busy) until laid out and measured.
 */
export function GraphCanvas<N extends Node>({ ready, layingOut, legend, aside, ...flow }: CanvasProps<N>) {
  const frame = useRef<HTMLDivElement>(null);
  const height = useFrameHeight(frame);
  return (
    <div className="lineage-layout">
      <div className="graph-frame" ref={frame} style={height ? { height } : undefined} aria-busy={ready && height ? undefined : 'true'}>
        {!ready && (
          <p className="layout-status muted">
            <Spinner />
            {layingOut}
          </p>
        )}
        {ready && height && (
          <ReactFlow<N, Edge> fitView nodesDraggable={false} nodesConnectable={false} edgesFocusable={false} colorMode="system" {...flow}>
            <Background />
            <Controls showInteractive={false} />
          </ReactFlow>
        )}
        {legend}
      </div>
      {aside}
    </div>
  );
}
