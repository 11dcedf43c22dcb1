import { Module } from '@nestjs/common';
import { MarquezController } from './marquez.controller';
import { MarquezService } from './marquez.service';

@Module({
  controllers: [MarquezController],
  providers: [MarquezService],
})
export class MarquezModule {}
