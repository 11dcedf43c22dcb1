import compress from '@fastify/compress';
import { ValidationPipe } from '@nestjs/common';
import { HttpAdapterHost, NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { AppModule } from '../app.module';
import { Environment, normalizeBasePath } from '../config/environment';
import { registerJsonBodyParser } from '../ingest/json-body-parser';
import { setupOpenApi } from './openapi';
import { ClientErrorFilter } from './error-handler';

/** Routes that stay at the root when BASE_PATH is set: probes and scrapers do not know it. */
export const ROOT_ROUTES = ['health/live', 'health/ready', 'version', 'metrics'];

export async function createApp(env: Environment, databaseUrl: string): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: false,
    requestIdHeader: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(env, databaseUrl), adapter, {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  const fastify = app.getHttpAdapter().getInstance();
  await app.register(compress, { global: true, requestEncodings: ['gzip', 'deflate'], encodings: ['gzip', 'deflate'] });
  registerJsonBodyParser(fastify);

  const basePath = normalizeBasePath(env.BASE_PATH);
  if (basePath) app.setGlobalPrefix(basePath, { exclude: ROOT_ROUTES });
  app.useGlobalFilters(new ClientErrorFilter(app.get(HttpAdapterHost).httpAdapter));
  app.useGlobalPipes(new ValidationPipe({ transform: true, forbidUnknownValues: false, whitelist: false }));
  setupOpenApi(app, basePath);
  await app.init();
  return app;
}
