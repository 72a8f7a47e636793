import { join } from 'node:path';
import type { JsonSchema } from '../definitions/types.ts';
import type { ContractOperations } from '../lint/lint-contract.ts';
import { readContractDocument } from './contract-document.ts';

/**
 * Node-only: what the definition lint needs from api/openapi.yaml. Per operationId, the JSON request body
 * schema and the schema of the first 2xx JSON response, with local $refs replaced by what they point at
 * and `allOf` folded into one object schema (the lint reads `properties`, `required` and
 * `additionalProperties`, which an `allOf` of object schemas spreads over its members).
 */
export function readContractOperations(root: string): ContractOperations {
  const file = join(root, 'api', 'openapi.yaml');
  const document = readContractDocument(file);
  if (!isObject(document)) throw new Error(`${file}: not an OpenAPI document`);
  return contractOperationsOf(document);
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

type JsonObject = Record<string, unknown>;

export function contractOperationsOf(document: JsonObject): ContractOperations {
  const operations: ContractOperations = {};
  const paths = isObject(document.paths) ? document.paths : {};
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
      const requestBody = dereference(operation.requestBody, document);
      const request = isObject(requestBody) ? jsonSchemaOf(requestBody.content, document) : undefined;
      const responses = isObject(operation.responses) ? operation.responses : {};
      const success = Object.keys(responses).sort().find((status) => /^2\d\d$/.test(status));
      const answer = success ? dereference(responses[success], document) : undefined;
      const response = isObject(answer) ? jsonSchemaOf(answer.content, document) : undefined;
      operations[operation.operationId] = {
        ...(request ? { request } : {}),
        ...(response ? { response } : {}),
      };
    }
  }
  return operations;
}

function jsonSchemaOf(content: unknown, root: JsonObject): JsonSchema | undefined {
  if (!isObject(content) || !isObject(content['application/json'])) return undefined;
  const schema = content['application/json'].schema;
  return schema === undefined ? undefined : (foldAllOf(dereference(schema, root)) as JsonSchema);
}

/**
 * Replaces every local $ref of api/openapi.yaml with its target. A $ref met again on its own path (a
 * recursive schema) is left as an open schema for the lint, or refused where a caller needs the real
 * shape (the server's route validation).
 */
export function dereference(node: unknown, root: JsonObject, onCycle: 'open' | 'throw' = 'open', trail: readonly string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => dereference(item, root, onCycle, trail));
  if (!isObject(node)) return node;
  const ref = node.$ref;
  if (typeof ref === 'string') {
    if (!ref.startsWith('#/')) throw new Error(`api/openapi.yaml: only local $ref values are supported, got '${ref}'`);
    if (trail.includes(ref)) {
      if (onCycle === 'throw') throw new Error(`api/openapi.yaml: recursive $ref '${ref}'`);
      return {};
    }
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((value, key) => (isObject(value) ? value[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), root);
    if (target === undefined) throw new Error(`api/openapi.yaml: $ref '${ref}' points at nothing`);
    return dereference(target, root, onCycle, [...trail, ref]);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, dereference(value, root, onCycle, trail)]));
}

/** `allOf: [A, B]` of object schemas becomes one schema with the properties and required fields of both. */
function foldAllOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(foldAllOf);
  if (!isObject(node)) return node;
  const folded = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, foldAllOf(value)]));
  if (!Array.isArray(folded.allOf)) return folded;
  const { allOf, ...rest } = folded;
  const parts = (allOf as unknown[]).filter(isObject);
  const properties = Object.assign({}, ...parts.map((part) => (isObject(part.properties) ? part.properties : {})), isObject(rest.properties) ? rest.properties : {});
  const required = [...new Set([...parts.flatMap((part) => (Array.isArray(part.required) ? part.required : [])), ...(Array.isArray(rest.required) ? rest.required : [])])];
  return { type: 'object', ...rest, properties, ...(required.length ? { required } : {}) };
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
