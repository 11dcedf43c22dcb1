import { ApiProperty } from '@nestjs/swagger';

export const RUN_STATES = ['NEW', 'RUNNING', 'COMPLETED', 'FAILED', 'ABORTED'] as const;
export type RunState = (typeof RUN_STATES)[number];

export class MarquezVersionIdDto {
  @ApiProperty() namespace!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'uuid' }) version!: string;
}

export class MarquezRunDatasetVersionDto {
  @ApiProperty({ type: MarquezVersionIdDto }) datasetVersionId!: MarquezVersionIdDto;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Input or output facets of the dataset in this run' })
  facets!: Record<string, unknown>;
}

/** A run's state and times (a lineage node's latestRun): no facets, no dataset versions. */
export class MarquezRunSummaryDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'date-time', description: 'Earliest event time of the run' }) createdAt!: string;
  @ApiProperty({ format: 'date-time', description: 'Latest event time of the run' }) updatedAt!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) nominalStartTime!: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) nominalEndTime!: string | null;
  @ApiProperty({
    enum: RUN_STATES,
    description: 'START/RUNNING: RUNNING; COMPLETE: COMPLETED; FAIL: FAILED; ABORT: ABORTED; only OTHER events: NEW',
  })
  state!: RunState;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) startedAt!: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) endedAt!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'endedAt - startedAt; null while unfinished' }) durationMs!: number | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Always {}: OpenLineage runs have no args' })
  args!: Record<string, unknown>;
  @ApiProperty({ type: MarquezVersionIdDto, nullable: true }) jobVersion!: MarquezVersionIdDto | null;
}

export class MarquezRunDto extends MarquezRunSummaryDto {
  @ApiProperty({ type: [MarquezRunDatasetVersionDto] }) inputDatasetVersions!: MarquezRunDatasetVersionDto[];
  @ApiProperty({ type: [MarquezRunDatasetVersionDto] }) outputDatasetVersions!: MarquezRunDatasetVersionDto[];
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Run facets, merged latest-wins by event time' })
  facets!: Record<string, unknown>;
}

export class MarquezRunListDto {
  @ApiProperty({ type: [MarquezRunDto] }) runs!: MarquezRunDto[];
  @ApiProperty({ description: 'Every run of the job' }) totalCount!: number;
}

export class MarquezFacetsResultDto {
  @ApiProperty({ format: 'uuid' }) runId!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) facets!: Record<string, unknown>;
}
