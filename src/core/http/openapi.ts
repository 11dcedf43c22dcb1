import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { serviceVersion } from '../service-version';
import { OPENLINEAGE_SCHEMAS } from '../../openlineage/openapi-schemas';
import { ErrorBody } from './error-response';

/**
 * @nestjs/swagger 11.4 writes the document into swagger-ui-init.js through String.replace with a
 * string replacement, so every `$` followed by `` ` ``, `'`, `&` or `$` is read as a substitution
 * pattern and the script breaks (a blank page; nestjs/swagger PR #4119). Doubling every `$` makes
 * the replacement put back exactly the document. Only the copy embedded in the UI gets this.
 */
export function escapeForSwaggerUiInit(document: OpenAPIObject): OpenAPIObject {
  return JSON.parse(JSON.stringify(document).replace(/\$/g, () => '$$'));
}

const ERROR_SCHEMA = { $ref: '#/components/schemas/ErrorBody' };

const DATABASE_UNAVAILABLE = 'DATABASE_UNAVAILABLE: PostgreSQL is busy or unreachable; retry after Retry-After';

/**
 * ClientErrorFilter answers every error with ErrorBody: the document says so for every 4xx and
 * 5xx an operation declares (with its own description), whichever decorator declared it, unless
 * it names another body (the batch's 503 and the readiness probe's have their own). Every API
 * operation reads or writes PostgreSQL, so each may answer DATABASE_UNAVAILABLE.
 */
function documentErrors(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const operation of Object.values(item)) {
      const responses = (operation as { responses?: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }> }).responses;
      if (!responses) continue;
      if (/\/api\/v1\//.test(path) && !responses['503']) responses['503'] = { description: DATABASE_UNAVAILABLE };
      for (const [status, response] of Object.entries(responses)) {
        const namesItsBody = response.content?.['application/json']?.schema !== undefined;
        if (/^[45]\d\d$/.test(status) && (!namesItsBody || /^4/.test(status))) response.content = { 'application/json': { schema: ERROR_SCHEMA } };
      }
    }
  }
}

/**
 * The OpenAPI document, written for client generators (docs/api-conventions.md): verb-first
 * operation ids, the OpenLineage event schemas, one error body, tags with descriptions.
 */
export function buildOpenApiDocument(app: NestFastifyApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Metadata Store')
    .setDescription(
      'Collects OpenLineage events (POST /api/v1/lineage), keeps them verbatim in an append-only log and serves ' +
        'the datasets they name. Marquez-compatible endpoints use Marquez paths and shapes. No authentication, by decision. ' +
        'Every error answer has the one ErrorBody body, whose `code` is stable (docs/api-errors.md).',
    )
    .setVersion(serviceVersion().version)
    .setLicense('Apache-2.0', 'https://www.apache.org/licenses/LICENSE-2.0')
    // Paths carry BASE_PATH already: the server is this origin.
    .addServer('/', 'This store')
    .addTag('Ingest', 'Send OpenLineage events (run, job and dataset events): one, or a batch')
    .addTag('Datasets', 'Every dataset the events named, across namespaces, with symlinks and recent events')
    .addTag('Events', 'Events of the log, as received, and the log itself newest received first')
    .addTag('Runs', 'Runs of every job, by state and time (not in Marquez, which lists runs per job)')
    .addTag('Namespaces', 'Namespaces with their job and dataset counts (not in Marquez)')
    .addTag('Lineage', 'The lineage graph around a dataset or job, and what a tag reaches')
    .addTag('Data quality', "A dataset's metrics, statistics and assertions per run, from its data-quality facets")
    .addTag('Marquez: namespaces', 'Marquez-compatible: namespaces (Marquez paths and response shapes)')
    .addTag('Marquez: datasets', 'Marquez-compatible: datasets, their versions and fields')
    .addTag('Marquez: jobs', 'Marquez-compatible: jobs and their versions')
    .addTag('Marquez: runs', 'Marquez-compatible: runs and their facets')
    .addTag('Marquez: lineage', 'Marquez-compatible: the lineage graph')
    .addTag('Marquez: events', 'Marquez-compatible: the received lineage events')
    .addTag('Marquez: search', 'Marquez-compatible: search across jobs and datasets')
    .addTag('Marquez: stats', 'Marquez-compatible: counts over time')
    .addTag('Marquez: tags', 'Marquez-compatible: tags')
    .addTag('Operations', 'Probes and version (always at the root, also with BASE_PATH)')
    .build();
  const document = SwaggerModule.createDocument(app, config, { extraModels: [ErrorBody] });
  documentErrors(document);
  document.components = { ...document.components, schemas: { ...OPENLINEAGE_SCHEMAS, ...document.components?.schemas } };
  // No authentication, by decision: said explicitly, so generated clients send no credentials.
  document.security = [];
  return document;
}

/** The OpenAPI document at {base}/api/docs (UI), {base}/api/docs-json and {base}/api/docs-yaml. */
export function setupOpenApi(app: NestFastifyApplication, basePath: string): void {
  // Built on the first request for it, not at start: a replica or a command that nobody asks for
  // the document spares the scan of every route.
  let document: OpenAPIObject | undefined;
  const built = () => (document ??= buildOpenApiDocument(app));
  const docsPath = `${basePath}/api/docs`.replace(/^\//, '');
  SwaggerModule.setup(docsPath, app, () => escapeForSwaggerUiInit(built()), { ui: true, raw: false, useGlobalPrefix: false });
  SwaggerModule.setup(docsPath, app, built, {
    ui: false,
    raw: ['json', 'yaml'],
    jsonDocumentUrl: `${basePath}/api/docs-json`.replace(/^\//, ''),
    useGlobalPrefix: false,
  });
}
