import { ApiProperty } from '@nestjs/swagger';

export class MarquezTagDto {
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
}

export class MarquezTagListDto {
  @ApiProperty({ type: [MarquezTagDto] }) tags!: MarquezTagDto[];
}
