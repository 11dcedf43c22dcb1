import { ApiProperty } from '@nestjs/swagger';
import { MarquezDatasetIdDto } from './dataset.dto';
import { MarquezRunDto, MarquezVersionIdDto } from './run.dto';

export const JOB_TYPES = ['BATCH', 'STREAM', 'SERVICE'] as const;

export class MarquezJobIdDto {
  @ApiProperty() namespace!: string;
  @ApiProperty() name!: string;
}

/** What a Job and a lineage node's JobData share. */
export class MarquezJobCommon {
  @ApiProperty({ type: MarquezJobIdDto }) id!: MarquezJobIdDto;
  @ApiProperty({ enum: JOB_TYPES, description: 'From the jobType facet processingType (STREAMING: STREAM, SERVICE: SERVICE); BATCH when unknown' }) type!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'The part of the name after the parent job name or the last dot' }) simpleName!: string;
  @ApiProperty({ nullable: true, type: String }) parentJobName!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) parentJobUuid!: string | null;
  @ApiProperty({
    type: MarquezJobIdDto,
    nullable: true,
    description: "Not in Marquez: the parent job, named by the `parent` facet of the job's latest run that had one (Airflow DAG of a task, Spark application of a Spark job); the lineage graph groups child jobs by it",
  })
  parentJob!: MarquezJobIdDto | null;
  @ApiProperty({ nullable: true, type: String, description: 'Not in Marquez: the jobType facet processingType as sent (BATCH, STREAMING, SERVICE); null when no event sent it' })
  processingType!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Not in Marquez: the jobType facet integration (SPARK, AIRFLOW, DBT, TRINO, ...); null when no event sent it' })
  integration!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Not in Marquez: the jobType facet jobType (QUERY, COMMAND, DAG, TASK, JOB, MODEL, ...); null when no event sent it' })
  jobType!: string | null;
  @ApiProperty({ format: 'date-time', description: 'Earliest event time of the job' }) createdAt!: string;
  @ApiProperty({ format: 'date-time', description: 'Latest event time of the job' }) updatedAt!: string;
  @ApiProperty() namespace!: string;
  @ApiProperty({ type: [MarquezDatasetIdDto], description: "The latest run's inputs; a job that never ran: its declared inputs" }) inputs!: MarquezDatasetIdDto[];
  @ApiProperty({ type: [MarquezDatasetIdDto], description: "The latest run's outputs; a job that never ran: its declared outputs" }) outputs!: MarquezDatasetIdDto[];
  @ApiProperty({ nullable: true, type: String, description: 'sourceCodeLocation facet url' }) location!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'documentation facet' }) description!: string | null;
}

export class MarquezJobDto extends MarquezJobCommon {
  @ApiProperty({ type: MarquezRunDto, nullable: true }) latestRun!: MarquezRunDto | null;
  @ApiProperty({
    type: [MarquezRunDto],
    nullable: true,
    description: 'Up to 10 runs, newest first; null (not []) when the job has no run, as Marquez',
  })
  latestRuns!: MarquezRunDto[] | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Current job facets' }) facets!: Record<string, unknown>;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: "The version of the job's latest finished run; null when none finished" })
  currentVersion!: string | null;
  @ApiProperty({ type: [String], description: 'Always []' }) labels!: string[];
  @ApiProperty({ type: [String] }) tags!: string[];
}

export class MarquezJobListDto {
  @ApiProperty({ type: [MarquezJobDto] }) jobs!: MarquezJobDto[];
  @ApiProperty({ description: 'Every job in scope (all, or the namespace); not reduced by lastRunStates, as Marquez' })
  totalCount!: number;
}

export class MarquezJobVersionDto {
  @ApiProperty({ type: MarquezVersionIdDto }) id!: MarquezVersionIdDto;
  @ApiProperty() name!: string;
  @ApiProperty({
    format: 'uuid',
    description: 'Derived from the namespace, name, sorted inputs, sorted outputs and source code location a finished run had',
  })
  version!: string;
  @ApiProperty({ format: 'date-time', description: 'Earliest event time of a finished run with this version' }) createdAt!: string;
  @ApiProperty() namespace!: string;
  @ApiProperty({ type: [MarquezDatasetIdDto], description: 'Inputs, by namespace then name; at most 1000' }) inputs!: MarquezDatasetIdDto[];
  @ApiProperty({ type: [MarquezDatasetIdDto], description: 'Outputs, by namespace then name; at most 1000' }) outputs!: MarquezDatasetIdDto[];
  @ApiProperty({ nullable: true, type: String, description: 'sourceCodeLocation facet url of the finished run' }) location!: string | null;
  @ApiProperty({ type: MarquezRunDto, nullable: true, description: 'The latest finished run with this version' })
  latestRun!: MarquezRunDto | null;
}

export class MarquezJobVersionListDto {
  @ApiProperty({ type: [MarquezJobVersionDto] }) versions!: MarquezJobVersionDto[];
  @ApiProperty({ description: 'Every version of the job, counted exactly up to 10,000 (not in Marquez)' }) totalCount!: number;
}
