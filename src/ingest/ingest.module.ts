import { Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { Environment } from '../core/config/environment';
import { LogModule } from '../log/log.module';
import { AsyncQueueMetrics } from './async-queue.metrics';
import { AsyncIngestQueue } from './async-queue.service';
import { EventWriter } from './event-writer.service';
import { IngestController } from './ingest.controller';
import { INGEST_METRIC_PROVIDERS, IngestMetrics } from './ingest.metrics';
import { IngestService } from './ingest.service';

@Module({
  imports: [LogModule],
  controllers: [IngestController],
  providers: [IngestService, EventWriter, AsyncIngestQueue, AsyncQueueMetrics, IngestMetrics, ...INGEST_METRIC_PROVIDERS],
  exports: [AsyncIngestQueue, EventWriter],
})
export class IngestModule implements OnApplicationShutdown {
  private readonly logger = new Logger(IngestModule.name);

  constructor(
    @Inject(Environment) private readonly env: Environment,
    private readonly queue: AsyncIngestQueue,
    private readonly writer: EventWriter,
  ) {}

  /** Runs after the HTTP server stopped and before the pool closes: flush what was accepted. */
  async onApplicationShutdown(): Promise<void> {
    const queued = this.queue.depth.events;
    if (queued > 0) this.logger.log({ queued }, 'flushing the async ingest queue');
    const drained = await this.queue.drain(this.env.SHUTDOWN_TIMEOUT_MS);
    if (!drained) this.logger.error({ lost: this.queue.depth.events }, 'async queue not flushed before the shutdown timeout');
    await this.writer.idle();
  }
}
