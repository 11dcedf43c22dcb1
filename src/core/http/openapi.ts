import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { serviceVersion } from '../service-version';

/**
 * @nestjs/swagger 11.4 writes the document into swagger-ui-init.js through String.replace with a
 * string replacement, so every `$` followed by `` ` ``, `'`, `&` or `$` is read as a substitution
 * pattern and the script breaks (a blank page; nestjs/swagger PR #4119). Doubling every `$` makes
 * the replacement put back exactly the document. Only the copy embedded in the UI gets this.
 */
export function escapeForSwaggerUiInit(document: OpenAPIObject): OpenAPIObject {
  return JSON.parse(JSON.stringify(document).replace(/\$/g, () => '$$'));
}

/** The OpenAPI document at {base}/api/docs (UI), {base}/api/docs-json and {base}/api/docs-yaml. */
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
  const docsPath = `${basePath}/api/docs`.replace(/^\//, '');
  SwaggerModule.setup(docsPath, app, escapeForSwaggerUiInit(document), { ui: true, raw: false, useGlobalPrefix: false });
  SwaggerModule.setup(docsPath, app, document, {
    ui: false,
    raw: ['json', 'yaml'],
    jsonDocumentUrl: `${basePath}/api/docs-json`.replace(/^\//, ''),
    useGlobalPrefix: false,
  });
}
