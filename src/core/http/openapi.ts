import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { serviceVersion } from '../service-version';

/** The OpenAPI document at {base}/api/docs (UI) and {base}/api/docs-json. */
export function setupOpenApi(app: NestFastifyApplication, basePath: string): void {
  const config = new DocumentBuilder()
    .setTitle('Metadata Store')
    .setDescription(
      'Collects OpenLineage events (POST /api/v1/lineage), keeps them verbatim in an append-only log and serves ' +
        'the datasets they name. Marquez-compatible endpoints use Marquez paths and shapes. No authentication, by decision.',
    )
    .setVersion(serviceVersion().version)
    .build();
  const document = SwaggerModule.createDocument(app, config);
  SwaggerModule.setup(`${basePath}/api/docs`.replace(/^\//, ''), app, document, {
    jsonDocumentUrl: `${basePath}/api/docs-json`.replace(/^\//, ''),
    useGlobalPrefix: false,
  });
}
