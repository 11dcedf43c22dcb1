// The projector thread's entry (node:worker_threads): started by ProjectorThread with the
// replica's settings, it projects until told to stop.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { parentPort, workerData } from 'node:worker_threads';
import { Logger } from 'nestjs-pino';
import { register } from 'prom-client';
import { Environment } from '../../core/config/environment';
import { lowerThreadPriority, osThreadId } from '../../core/thread-priority';
import { quietBootstrapLogger } from '../../core/observability/quiet-bootstrap-logger';
import { RecentEvents } from '../../log/recent-events';
import { ProjectionWorkers } from '../projection-workers.service';
import { committedEvents, FromProjector, ProjectorSettings, ToProjector } from './projector-messages';
import { ProjectorModule } from './projector.module';

async function main(): Promise<void> {
  const port = parentPort!;
  const { env, pool, slowStart } = workerData as ProjectorSettings;
  // Ingest first: Trino waits on the main thread's event loop for every query it starts; the
  // projection may fall behind under load and catches up when the load drops.
  const nice = lowerThreadPriority(Number(env.PROJECTOR_NICE));
  port.postMessage({ type: 'started', osThreadId: osThreadId(), nice } satisfies FromProjector);
  const recent = new RecentEvents();
  const started = NestFactory.createApplicationContext(ProjectorModule.forRoot(Object.assign(new Environment(), env), pool, recent, { slowStart }), {
    bufferLogs: true,
  });
  // Listening before the start: events committed meanwhile are remembered (the workers' first
  // batches take them), and a stop waits for the start.
  let workers: ProjectionWorkers | null = null;
  port.on('message', (message: ToProjector) => {
    if (message.type === 'committed') {
      recent.remember(committedEvents(message.events));
      workers?.wake();
    } else if (message.type === 'metrics') {
      void register.getMetricsAsJSON().then((metrics) => port.postMessage({ type: 'metrics', id: message.id, metrics } satisfies FromProjector));
    } else {
      void started.then(async (context) => {
        await context.close();
        port.close(); // nothing else keeps the thread alive: it exits
      });
    }
  });
  const app = await started;
  app.useLogger(quietBootstrapLogger(app.get(Logger)));
  workers = app.get(ProjectionWorkers);
}

void main();
