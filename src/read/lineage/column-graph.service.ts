import { Injectable } from '@nestjs/common';
import { LineageSource, mergeFlags, sourceOf } from '../shared/lineage-source';
import { DatasetDependenciesRepository, DatasetDependencyRow } from './dataset-dependencies.repository';
import { FieldGraph, LineageService, WalkOptions } from './lineage.service';

/** A dataset-level dependency once, whether observed, declared or both. */
export type DatasetDependency = Omit<DatasetDependencyRow, 'observed' | 'declared'> & { source: LineageSource };

/** The column graph and the dataset-level dependencies of the datasets its fields belong to. */
@Injectable()
export class ColumnGraphService {
  constructor(
    private readonly lineage: LineageService,
    private readonly dependencies: DatasetDependenciesRepository,
  ) {}

  async graph(nodeId: string, options: WalkOptions): Promise<FieldGraph & { datasetDependencies: DatasetDependency[] }> {
    const graph = await this.lineage.fieldGraph(nodeId, options);
    const datasets = new Map(graph.nodes.map((n) => [`${n.namespace}\n${n.dataset}`, { namespace: n.namespace, name: n.dataset }]));
    const rows = await this.dependencies.of([...datasets.values()], options.asOf);
    const merged = mergeFlags(rows, (d) =>
      JSON.stringify([d.outputNamespace, d.outputDataset, d.inputNamespace, d.inputDataset, d.inputField, d.transformationType, d.transformationSubtype]),
    );
    return { ...graph, datasetDependencies: merged.map(({ observed, declared, ...d }) => ({ ...d, source: sourceOf({ observed, declared }) })) };
  }
}
