import { ColumnLineageEdgeMutation, ColumnLineageHeadMutation, LineageEdgeMutation, SourceMutation, TagMutation } from '../mutations';
import { latestSql, spanSql, Statement } from './sql';

/** `lineage_edges`: span; last_run_id follows the last event. */
export function upsertLineageEdgesSql(rows: LineageEdgeMutation[]): Statement | null {
  return spanSql('lineage_edges',
    {
      keys: [['job_id', 'uuid', (r) => r.jobId], ['direction', 'text', (r) => r.direction], ['dataset_id', 'uuid', (r) => r.datasetId]],
      followers: [['last_run_id', 'uuid', (r) => r.runId]],
      firstEventId: true,
    },
    rows,
  );
}

/** `column_lineage_heads`: the latest event that stated an output field's lineage. */
export function upsertColumnLineageHeadsSql(rows: ColumnLineageHeadMutation[]): Statement | null {
  return latestSql('column_lineage_heads', [['dataset_id', 'uuid', (r) => r.datasetId], ['field', 'text', (r) => r.field]], [], rows);
}

/** `column_lineage_edges`: span; description and masking follow the last event. */
export function upsertColumnLineageEdgesSql(rows: ColumnLineageEdgeMutation[]): Statement | null {
  return spanSql('column_lineage_edges',
    {
      keys: [
        ['output_dataset_id', 'uuid', (r) => r.outputDatasetId],
        ['output_field', 'text', (r) => r.outputField],
        ['input_dataset_id', 'uuid', (r) => r.inputDatasetId],
        ['input_field', 'text', (r) => r.inputField],
        ['transformation_type', 'text', (r) => r.transformationType],
        ['transformation_subtype', 'text', (r) => r.transformationSubtype],
      ],
      followers: [['description', 'text', (r) => r.description], ['masking', 'boolean', (r) => r.masking]],
      firstEventId: true,
    },
    rows,
  );
}

/** `tags`: add-only; value and source follow the last event. */
export function upsertTagsSql(rows: TagMutation[]): Statement | null {
  return spanSql('tags',
    {
      keys: [['target_kind', 'text', (r) => r.targetKind], ['target_id', 'uuid', (r) => r.targetId], ['field', 'text', (r) => r.field], ['key', 'text', (r) => r.key]],
      followers: [['value', 'text', (r) => r.value], ['source', 'text', (r) => r.source]],
      firstEventId: false,
    },
    rows,
  );
}

/** `sources`: uri follows the last event. */
export function upsertSourcesSql(rows: SourceMutation[]): Statement | null {
  return spanSql('sources', { keys: [['name', 'text', (r) => r.name]], followers: [['uri', 'text', (r) => r.uri]], firstEventId: false }, rows);
}
