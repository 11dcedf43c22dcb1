import { Injectable } from '@nestjs/common';
import { DatasetDependenciesRepository, DatasetDependencyRow } from './dataset-dependencies.repository';
import { FieldGraph, LineageService, WalkOptions } from './lineage.service';

/** The column graph and the dataset-level dependencies of the datasets its fields belong to. */
@Injectable()
export class ColumnGraphService {
  constructor(
    private readonly lineage: LineageService,
    private readonly dependencies: DatasetDependenciesRepository,
  ) {}

  async graph(nodeId: string, options: WalkOptions): Promise<FieldGraph & { datasetDependencies: DatasetDependencyRow[] }> {
    const graph = await this.lineage.fieldGraph(nodeId, options);
    const datasets = new Map(graph.nodes.map((n) => [`${n.namespace}\n${n.dataset}`, { namespace: n.namespace, name: n.dataset }]));
    return { ...graph, datasetDependencies: await this.dependencies.of([...datasets.values()], options.asOf) };
  }
}
