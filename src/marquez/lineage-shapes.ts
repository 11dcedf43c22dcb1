import { FieldGraph, GraphEdge, TableGraph } from '../read/lineage/lineage.service';
import { MarquezColumnLineageGraphDto, MarquezEdgeDto, MarquezLineageGraphDto } from './lineage.dto';
import { datasetDataShape, jobDataShape } from './shapes';

function byEnd(edges: GraphEdge[], end: 'origin' | 'destination'): Map<string, MarquezEdgeDto[]> {
  const map = new Map<string, MarquezEdgeDto[]>();
  for (const edge of edges) {
    const list = map.get(edge[end]) ?? [];
    list.push({ origin: edge.origin, destination: edge.destination });
    map.set(edge[end], list);
  }
  return map;
}

/** Marquez's table-level graph: each node with the edges ending at it and leaving it. */
export function lineageGraphShape(graph: TableGraph): MarquezLineageGraphDto {
  const incoming = byEnd(graph.edges, 'destination');
  const outgoing = byEnd(graph.edges, 'origin');
  return {
    graph: graph.nodes.map((node) => ({
      id: node.id,
      type: node.type,
      data: node.type === 'DATASET' ? datasetDataShape(node.dataset) : jobDataShape(node.job),
      inEdges: incoming.get(node.id) ?? [],
      outEdges: outgoing.get(node.id) ?? [],
    })),
    truncated: graph.truncated,
  };
}

/**
 * Marquez's column-level graph. Its edge orientation is its own: in both `inEdges` and `outEdges`
 * the origin is the node itself, and an in-edge's destination is the upstream field (Marquez's web
 * UI relies on it).
 */
export function columnLineageGraphShape(graph: FieldGraph): MarquezColumnLineageGraphDto {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const inputs = new Map<string, FieldGraph['edges']>();
  for (const edge of graph.edges) inputs.set(edge.destination, [...(inputs.get(edge.destination) ?? []), edge]);
  const outputs = new Map<string, FieldGraph['edges']>();
  for (const edge of graph.edges) outputs.set(edge.origin, [...(outputs.get(edge.origin) ?? []), edge]);
  return {
    graph: graph.nodes.map((node) => ({
      id: node.id,
      type: 'DATASET_FIELD' as const,
      data: {
        namespace: node.namespace,
        dataset: node.dataset,
        datasetVersion: node.datasetVersion,
        field: node.field,
        fieldType: node.fieldType ?? '',
        transformationDescription: null,
        transformationType: null,
        inputFields: (inputs.get(node.id) ?? []).map((edge) => {
          const input = byId.get(edge.origin)!;
          return {
            namespace: input.namespace,
            dataset: input.dataset,
            datasetVersion: input.datasetVersion,
            field: input.field,
            transformationDescription: edge.description,
            transformationType: edge.transformationType,
            transformationSubtype: edge.transformationSubtype,
            masking: edge.masking,
          };
        }),
      },
      inEdges: (inputs.get(node.id) ?? []).map((edge) => ({ origin: node.id, destination: edge.origin })),
      outEdges: (outputs.get(node.id) ?? []).map((edge) => ({ origin: node.id, destination: edge.destination })),
    })),
    truncated: graph.truncated,
  };
}
