import { ApiProperty } from '@nestjs/swagger';

export class MarquezNamespaceDto {
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date-time', description: 'Earliest event time that named it' }) createdAt!: string;
  @ApiProperty({ format: 'date-time', description: 'Latest event time that named it' }) updatedAt!: string;
  @ApiProperty({ example: 'anonymous', description: 'Always anonymous: the store has no owners' }) ownerName!: string;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty({ description: 'true in the answer to a DELETE; lists leave hidden namespaces out' }) isHidden!: boolean;
}

export class MarquezNamespaceListDto {
  @ApiProperty({ type: [MarquezNamespaceDto] }) namespaces!: MarquezNamespaceDto[];
}
