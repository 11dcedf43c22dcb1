import { Global, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { LogModule } from '../log/log.module';
import { HealthController } from './health.controller';
import { ReadinessIndicators } from './readiness.indicators';
import { ShutdownState } from '../core/shutdown-state.service';
import { VersionController } from './version.controller';

@Global()
@Module({
  imports: [TerminusModule.forRoot({ logger: false }), LogModule],
  controllers: [HealthController, VersionController],
  providers: [ShutdownState, ReadinessIndicators],
  exports: [ShutdownState],
})
export class HealthModule {}
