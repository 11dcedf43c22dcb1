import { DatasetDependency } from '../read/lineage/column-graph.service';
import { FieldGraph, GraphEdge, TableGraph } from '../read/lineage/lineage.service';
import { groupBy } from '../read/shared/group-by';
import { MarquezColumnLineageGraphDto, MarquezEdgeDto, MarquezLineageGraphDto } from './lineage.dto';
import { datasetDataShape, jobDataShape } from './shapes';

const edgeShape = ({ origin, destination, source }: GraphEdge): MarquezEdgeDto => ({ origin, destination, source });

/** Marquez's table-level graph: each node with the edges ending at it and leaving it. */
export function lineageGraphShape(graph: TableGraph): MarquezLineageGraphDto {
  const incoming = groupBy(graph.edges, (edge) => edge.destination);
  const outgoing = groupBy(graph.edges, (edge) => edge.origin);
  return {
    graph: graph.nodes.map((node) => ({
      id: node.id,
      type: node.type,
      data: node.type === 'DATASET' ? datasetDataShape(node.dataset) : jobDataShape(node.job),
      inEdges: (incoming.get(node.id) ?? []).map(edgeShape),
      outEdges: (outgoing.get(node.id) ?? []).map(edgeShape),
    })),
    truncated: graph.truncated,
  };
}

/**
 * Marquez's column-level graph. Its edge orientation is its own: in both `inEdges` and `outEdges`
 * the origin is the node itself, and an in-edge's destination is the upstream field (Marquez's web
 * UI relies on it).
 */
export function columnLineageGraphShape(graph: FieldGraph & { datasetDependencies?: DatasetDependency[] }): MarquezColumnLineageGraphDto {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const inputs = groupBy(graph.edges, (edge) => edge.destination);
  const outputs = groupBy(graph.edges, (edge) => edge.origin);
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
            source: edge.source,
          };
        }),
      },
      inEdges: (inputs.get(node.id) ?? []).map((edge) => ({ origin: node.id, destination: edge.origin, source: edge.source })),
      outEdges: (outputs.get(node.id) ?? []).map((edge) => ({ origin: node.id, destination: edge.destination, source: edge.source })),
    })),
    truncated: graph.truncated,
    datasetDependencies: (graph.datasetDependencies ?? []).map((d) => ({
      namespace: d.outputNamespace,
      dataset: d.outputDataset,
      input: { namespace: d.inputNamespace, dataset: d.inputDataset, field: d.inputField },
      transformationType: d.transformationType,
      transformationSubtype: d.transformationSubtype,
      transformationDescription: d.description,
      masking: d.masking,
      source: d.source,
    })),
  };
}
