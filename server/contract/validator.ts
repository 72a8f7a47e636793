import { Ajv, type Options } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { OPTIONAL_BODY } from './contract.ts';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsPlugin as unknown as { default?: typeof addFormatsPlugin }).default ?? addFormatsPlugin);

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    removeAdditional: false,
    useDefaults: true,
    strict: false,
    ...options,
  });
  addFormats(ajv);
  // int32 and int64 tell clients the width of an integer; its minimum and maximum, which the contract always
  // gives, already bound it, so a second error for the same fault would only repeat the first.
  ajv.addFormat('int32', true);
  ajv.addFormat('int64', true);
  return ajv;
}

/**
 * Request validation from the contract. Bodies are checked strictly: unknown fields are refused rather than
 * dropped, and no type is coerced ('123' stays a string). Query strings and path parameters arrive as text,
 * so they are coerced to the types the contract declares (`?page=2` becomes 2).
 */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const strict = makeAjv({ coerceTypes: false });
  const coercing = makeAjv({ coerceTypes: 'array' });
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strict : coercing;
    const validate = ajv.compile(schema as object);
    if (httpPart !== 'body' || (schema as Record<string, unknown>)[OPTIONAL_BODY] !== true) return validate;
    const optional = (data: unknown) => data === undefined || validate(data);
    return Object.assign(optional, { get errors() { return validate.errors; } });
  };
}
