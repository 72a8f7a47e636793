import { isMap, isScalar, Pair, Scalar, YAMLMap } from 'yaml';

/**
 * What every operation can answer because of the server around it rather than the resource (issue 9 §1),
 * declared once here instead of in each of the resource files:
 * - 429 (the per-caller rate limit, server/http/rate-limit.ts) and 500 (the error handler) on every operation;
 * - 401 on every operation that needs a token, 403 on every one that names a permission;
 * - the X-RateLimit-Limit, -Remaining and -Reset headers on every answer the limiter lets through (each
 *   inline 2xx and 4xx response; the shared responses in api/openapi.base.yaml declare them themselves).
 * A resource file may still declare any of these itself: its own declaration is kept.
 */
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

export const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const;
const HEADER_COMPONENT: Readonly<Record<(typeof RATE_LIMIT_HEADERS)[number], string>> = {
  'X-RateLimit-Limit': 'RateLimitLimit',
  'X-RateLimit-Remaining': 'RateLimitRemaining',
  'X-RateLimit-Reset': 'RateLimitReset',
};

/** `{$ref: '<to>'}`, written on one line as the resource files write them. */
function flowRef(to: string): YAMLMap {
  const map = new YAMLMap();
  map.set('$ref', to);
  map.flow = true;
  return map;
}

function responseKeys(responses: YAMLMap): Set<string> {
  return new Set(responses.items.map((pair) => String((pair.key as Scalar).value)));
}

function addResponse(responses: YAMLMap, status: string, component: string): void {
  if (responseKeys(responses).has(status)) return;
  responses.items.push(new Pair(new Scalar(status), flowRef(`#/components/responses/${component}`)));
}

function addRateLimitHeaders(response: YAMLMap): void {
  if (response.has('$ref')) return;
  const declared: unknown = response.get('headers', true);
  const headers = isMap(declared) ? declared : new YAMLMap();
  if (headers !== declared) response.set('headers', headers);
  for (const name of RATE_LIMIT_HEADERS) if (!headers.has(name)) headers.set(name, flowRef(`#/components/headers/${HEADER_COMPONENT[name]}`));
}

export function declareServerAnswers(paths: YAMLMap): void {
  for (const pathPair of paths.items) {
    const item = pathPair.value;
    if (!isMap(item)) continue;
    for (const operationPair of item.items) {
      const method = String((operationPair.key as Scalar).value);
      const operation = operationPair.value;
      if (!METHODS.has(method) || !isMap(operation)) continue;
      const declared: unknown = operation.get('responses', true);
      const responses = isMap(declared) ? declared : new YAMLMap();
      if (responses !== declared) operation.set('responses', responses);
      const security = operation.get('security', true);
      const isPublic = security !== undefined && !isScalar(security) && (security as { items?: unknown[] }).items?.length === 0;
      if (!isPublic) addResponse(responses as YAMLMap, '401', 'Unauthorized');
      if (operation.has('x-permission') && operation.get('x-permission') !== null) addResponse(responses as YAMLMap, '403', 'Forbidden');
      addResponse(responses as YAMLMap, '429', 'TooManyRequests');
      addResponse(responses as YAMLMap, '500', 'ServerError');
      for (const responsePair of responses.items) {
        const status = String((responsePair.key as Scalar).value);
        if (/^[24]/.test(status) && isMap(responsePair.value)) addRateLimitHeaders(responsePair.value);
      }
    }
  }
}
