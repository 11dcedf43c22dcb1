import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { MARQUEZ_DEFINITIONS, MarquezSchemaName } from './marquez-schemas';

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
addFormats(ajv);
ajv.addSchema({ $id: 'marquez', definitions: MARQUEZ_DEFINITIONS });

/** The ajv errors of `body` against a Marquez schema, as readable lines; [] when it conforms. */
export function marquezShapeErrors(name: MarquezSchemaName, body: unknown): string[] {
  const validate = ajv.getSchema(`marquez#/definitions/${name}`);
  if (!validate) throw new Error(`no Marquez schema named ${name}`);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}
