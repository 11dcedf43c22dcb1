import { Global, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { ReadinessIndicators } from './readiness.indicators';
import { ShutdownState } from '../core/shutdown-state.service';
import { VersionController } from './version.controller';

@Global()
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController, VersionController],
  providers: [ShutdownState, ReadinessIndicators],
  exports: [ShutdownState],
})
export class HealthModule {}
