import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.toUpperCase() : value);

export class SearchQueryDto {
  @ApiProperty({ description: 'Literal text (% and _ are not wildcards), case-insensitive: 3+ characters match anywhere in the name, 1-2 the start' })
  @IsString() @IsNotEmpty() @MaxLength(256)
  q!: string;

  @ApiPropertyOptional({ enum: ['JOB', 'DATASET'], description: 'Case-insensitive (Marquez documents job/dataset, its UI sends JOB/DATASET)' })
  @IsOptional() @Transform(upper) @IsIn(['JOB', 'DATASET'])
  filter?: 'JOB' | 'DATASET';

  @ApiPropertyOptional({ enum: ['NAME', 'UPDATE_AT', 'UPDATED_AT'], description: 'Order of the returned matches; case-insensitive' })
  @IsOptional() @Transform(upper) @IsIn(['NAME', 'UPDATE_AT', 'UPDATED_AT'])
  sort?: 'NAME' | 'UPDATE_AT' | 'UPDATED_AT';

  @ApiPropertyOptional({ default: 10, minimum: 1, maximum: 200 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200)
  limit?: number;

  @ApiPropertyOptional({ description: 'Only jobs and datasets in this namespace' })
  @IsOptional() @IsString() @MaxLength(1024)
  namespace?: string;
}

export class MarquezSearchResultDto {
  @ApiProperty({ enum: ['DATASET', 'JOB'] }) type!: 'DATASET' | 'JOB';
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty() namespace!: string;
  @ApiProperty({ example: 'dataset:food_delivery:public.delivery_7_days' }) nodeId!: string;
}

export class MarquezSearchResultListDto {
  @ApiProperty({ description: 'The number of results returned, as Marquez' }) totalCount!: number;
  @ApiProperty({ type: [MarquezSearchResultDto] }) results!: MarquezSearchResultDto[];
}
