/**
 * Validates a HAR against the HAR 1.2 JSON schema of the `har-schema` package (the schemas behind
 * `har-validator`), compiled with Ajv 8 (draft-06 meta-schema, formats from `ajv-formats`).
 */
import { createRequire } from 'node:module';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

const require = createRequire(import.meta.url);

let validate: ((data: unknown) => boolean) & { errors?: unknown } | null = null;

/** The schema's complaints about `har` (empty when it is valid HAR 1.2). */
export function harSchemaErrors(har: unknown): string[] {
  if (!validate) {
    // The package's schemas use two keywords of their own ("optional", "min"): not strict.
    const ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as object);
    addFormats(ajv);
    const schemas = require('har-schema') as Record<string, object>;
    for (const [name, schema] of Object.entries(schemas)) if (name !== 'har') ajv.addSchema(schema);
    validate = ajv.compile(schemas.har!);
  }
  if (validate(har)) return [];
  return ((validate.errors ?? []) as Array<{ instancePath: string; message?: string }>).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}
