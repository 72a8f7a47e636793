import { fileURLToPath } from 'node:url';
import { readContractDocument } from '../../engine/node/contract-document.ts';
import { dereference as dereferenceContract } from '../../engine/node/contract-operations.ts';

/**
 * Reads api/openapi.yaml and turns each operation into what Fastify needs: a route, JSON schemas for the
 * request (and responses), and the operation's security (public or bearer) and required permission.
 */

export const CONTRACT_FILE = fileURLToPath(new URL('../../api/openapi.yaml', import.meta.url));

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Marks the body schema of an operation whose requestBody is not required (read by the validator). */
export const OPTIONAL_BODY = 'x-optional-body';
type Method = (typeof METHODS)[number];

type JsonObject = Record<string, unknown>;

export interface RouteSchema {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  response?: Record<string, unknown>;
}

export interface ContractOperation {
  operationId: string;
  method: Uppercase<Method>;
  /** OpenAPI path: /api/account/v1/accounts/{id} */
  path: string;
  /** Fastify path: /api/account/v1/accounts/:id */
  url: string;
  isPublic: boolean;
  permission: string | null;
  /** Open to a session that must still turn MFA on (x-mfa-pending). */
  allowedBeforeMfa: boolean;
  /** Workflow flows whose one-time-code sessions may call it (x-workflows; '*' for all). */
  workflows: readonly string[];
  /** Its body is a form post (application/x-www-form-urlencoded) rather than JSON. */
  formEncoded: boolean;
  /** Its JSON body is signed by the sender (x-signed-body): the raw text is kept for the signature check. */
  signedBody: boolean;
  /**
   * The most its body may weigh in bytes (x-body-limit), for the few operations that carry a file inside JSON;
   * every other body stays within the app's default limit.
   */
  bodyLimit: number | null;
  schema: RouteSchema;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every local $ref replaced by its target; the contract has no recursive schemas, so one is refused. */
export function dereference(node: unknown, root: JsonObject): unknown {
  return dereferenceContract(node, root, 'throw');
}

function jsonSchemaOf(content: unknown): unknown {
  return isObject(content) && isObject(content['application/json']) ? content['application/json'].schema : undefined;
}

/** The media type of a form post (an OAuth token endpoint takes its parameters this way, RFC 6749 section 4.1.3). */
export const FORM_ENCODED = 'application/x-www-form-urlencoded';

/** The schema of a body sent as a form post, for operations whose contract takes one instead of JSON. */
function formSchemaOf(content: unknown): unknown {
  return isObject(content) && isObject(content[FORM_ENCODED]) ? content[FORM_ENCODED].schema : undefined;
}

function parametersSchema(parameters: JsonObject[], location: 'query' | 'path'): unknown {
  const selected = parameters.filter((parameter) => parameter.in === location);
  if (selected.length === 0) return undefined;
  return {
    type: 'object',
    // Unknown query parameters are ignored, as browsers and proxies add their own (cache busters).
    properties: Object.fromEntries(selected.map((parameter) => [String(parameter.name), parameter.schema ?? {}])),
    required: selected.filter((parameter) => parameter.required === true).map((parameter) => String(parameter.name)),
  };
}

export function operationsOf(document: JsonObject): ContractOperation[] {
  const resolved = dereference(document, document) as JsonObject;
  const globalSecurity = Array.isArray(resolved.security) ? resolved.security : [];
  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries(isObject(resolved.paths) ? resolved.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      if (typeof operation.operationId !== 'string' || !/^[a-z][a-zA-Z0-9]*$/.test(operation.operationId)) {
        throw new Error(`api/openapi.yaml: ${where} needs a lower camel case operationId`);
      }
      const parameters = [
        ...(Array.isArray(item.parameters) ? item.parameters : []),
        ...(Array.isArray(operation.parameters) ? operation.parameters : []),
      ].filter(isObject);
      const schema: RouteSchema = {};
      const content = isObject(operation.requestBody) ? operation.requestBody.content : undefined;
      const json = jsonSchemaOf(content);
      const form = json === undefined ? formSchemaOf(content) : undefined;
      const body = json ?? form;
      if (isObject(body)) {
        // An optional body (requestBody.required not true) may be left out; the validator then skips it.
        schema.body = operation.requestBody && (operation.requestBody as JsonObject).required === true ? body : { ...body, [OPTIONAL_BODY]: true };
      }
      const querystring = parametersSchema(parameters, 'query');
      if (querystring) schema.querystring = querystring;
      const params = parametersSchema(parameters, 'path');
      if (params) schema.params = params;
      const response: Record<string, unknown> = {};
      for (const [status, answer] of Object.entries(isObject(operation.responses) ? operation.responses : {})) {
        const answerSchema = isObject(answer) ? jsonSchemaOf(answer.content) : undefined;
        if (answerSchema) response[status] = answerSchema;
      }
      if (Object.keys(response).length > 0) schema.response = response;
      const security = Array.isArray(operation.security) ? operation.security : globalSecurity;
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase() as Uppercase<Method>,
        path,
        url: path.replace(/\{([^}]+)\}/g, ':$1'),
        isPublic: security.length === 0,
        permission: typeof operation['x-permission'] === 'string' ? operation['x-permission'] : null,
        allowedBeforeMfa: operation['x-mfa-pending'] === true,
        workflows: Array.isArray(operation['x-workflows']) ? operation['x-workflows'].map(String) : [],
        formEncoded: isObject(form),
        signedBody: operation['x-signed-body'] === true,
        bodyLimit: typeof operation['x-body-limit'] === 'number' ? operation['x-body-limit'] : null,
        schema,
      });
    }
  }
  return operations;
}

export async function loadContract(file = CONTRACT_FILE): Promise<ContractOperation[]> {
  const document = readContractDocument(file);
  if (!isObject(document)) throw new Error(`${file}: not an OpenAPI document`);
  return operationsOf(document);
}
