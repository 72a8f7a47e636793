import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.ts';

/**
 * Text the database cannot store must not reach it: PostgreSQL refuses U+0000 in text and JSON, and a lone
 * UTF-16 surrogate ('\ud800') cannot be encoded as UTF-8. Both used to surface as 500s from deep inside a
 * query. Every string of the query, the path parameters and the JSON body (keys too) is checked before
 * validation, and the answer names the field.
 */
const MAX_DEPTH = 64;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function fault(value: string): 'nul' | 'unicode' | null {
  if (value.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(value) ? 'unicode' : null;
}

function describe(field: string, problem: 'nul' | 'unicode'): string {
  return problem === 'nul'
    ? `${field} must not contain the NUL character`
    : `${field} contains text that is not valid Unicode (a lone surrogate)`;
}

/** The first unstorable string under `value`, as a sentence, or null. */
export function findUnstorableText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') {
    const problem = fault(value);
    return problem ? describe(path, problem) : null;
  }
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const keyProblem = fault(key);
    if (keyProblem) return describe(`A field name in ${path}`, keyProblem);
    const childPath = Array.isArray(value) ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
    const found = findUnstorableText(child, childPath, depth + 1);
    if (found) return found;
  }
  return null;
}

function check(request: FastifyRequest): string | null {
  return findUnstorableText(request.params, '')
    ?? findUnstorableText(request.query, '')
    ?? findUnstorableText(request.body, '');
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem = check(request);
    if (problem) throw new HttpError(400, problem.replace(/^\./, ''), { errors: [{ code: 'text', detail: problem }] });
  });
}
