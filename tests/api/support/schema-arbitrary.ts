import fc from 'fast-check';

/** A JSON Schema of the contract (OpenAPI 3.1), loosely typed: only what the generator reads. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
}

/** Resolves `#/components/...` references against the bundled contract. */
export type Resolve = (ref: string) => Schema;

const MAX_DEPTH = 6;
const SAMPLE_STRING = 24;

function stringOf(schema: Schema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid': return fc.uuid();
    case 'date': return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    case 'date-time': return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((date) => date.toISOString());
    case 'email': return fc.emailAddress();
    case 'uri': return fc.webUrl();
    default: {
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? SAMPLE_STRING, SAMPLE_STRING));
      return fc.string({ minLength, maxLength, unit: 'grapheme' });
    }
  }
}

function numberOf(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1_000_000;
  const max = schema.maximum ?? 1_000_000;
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/**
 * Values a schema describes, as fast-check generates them: what a well-behaved client might send (the server
 * may still refuse it on business rules). Deep or recursive schemas stop at null.
 */
export function arbitraryOf(schema: Schema | undefined, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > MAX_DEPTH) return fc.constant(null);
  if (schema.$ref) return arbitraryOf(resolve(schema.$ref), resolve, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => arbitraryOf(choice, resolve, depth + 1)));
  if (schema.allOf?.length) {
    return fc.tuple(...schema.allOf.map((part) => arbitraryOf(part, resolve, depth + 1))).map((parts) =>
      Object.assign({}, ...parts.filter((part) => part && typeof part === 'object' && !Array.isArray(part))),
    );
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ['object'] : ['string'];
  return fc.oneof(...types.map((type) => arbitraryOfType(type, schema, resolve, depth)));
}

function arbitraryOfType(type: string, schema: Schema, resolve: Resolve, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null': return fc.constant(null);
    case 'boolean': return fc.boolean();
    case 'integer': return numberOf(schema, true);
    case 'number': return numberOf(schema, false);
    case 'string': return stringOf(schema);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(arbitraryOf(schema.items, resolve, depth + 1), { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)) });
    }
    default: {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, arbitraryOf(property, resolve, depth + 1)]));
      const required = (schema.required ?? []).filter((name) => name in properties);
      return fc.record(record, { requiredKeys: required });
    }
  }
}

/** A value of the wrong kind for whatever field it lands in. */
export const WRONG_VALUE = fc.constantFrom<unknown>(123456789012, -1, 1.5, true, [], [null], {}, { nested: { deeper: 'x' } }, '', ' ', null, 'x'.repeat(5000), '\u202e\u0301', '1e309');

/** Path segments no route should trust: odd ids, traversal, encoded NUL, huge numbers. */
export const HOSTILE_SEGMENT = fc.constantFrom('0', '-1', 'not-a-uuid', '..%2F..%2Fetc%2Fpasswd', '%00', '%25', '9'.repeat(40), 'null', 'undefined', '00000000-0000-0000-0000-000000000000', "1'%20OR%20'1'='1");
