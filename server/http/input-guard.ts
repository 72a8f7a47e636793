import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.ts';

/**
 * Text the database cannot store must not reach it: PostgreSQL refuses U+0000 in text and JSON, and a lone
 * UTF-16 surrogate ('\ud800') cannot be encoded as UTF-8. Both used to surface as 500s from deep inside a
 * query. Every string of the path parameters, the query and the body (keys too, at any depth) is checked
 * after the body is parsed and before validation and the handler, and the 400 names the field.
 */

type Fault = 'nul' | 'unicode';

/**
 * The parts of a request that carry text, with what to call a fault that is not inside a named field. The
 * 404 handler and the static files hold the whole path of the address in one parameter, '*'.
 */
const PARTS = [
  { part: 'params', names: { '': 'The address', '*': 'The address' } },
  { part: 'query', names: { '': 'The query' } },
  { part: 'body', names: { '': 'The request body' } },
] as const satisfies ReadonlyArray<{ part: 'params' | 'query' | 'body'; names: Record<string, string> }>;

/** String.prototype.isWellFormed (ES2024, in Node 20); the project's TypeScript lib stops at ES2023. */
const isWellFormed = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed();

function faultOf(text: string): Fault | null {
  if (text.includes('\u0000')) return 'nul';
  return isWellFormed(text) ? null : 'unicode';
}

function sentence(subject: string, fault: Fault): string {
  return fault === 'nul'
    ? `${subject} must not contain the NUL character`
    : `${subject} contains text that is not valid Unicode (a lone surrogate)`;
}

function childPath(parent: string, key: string, inArray: boolean): string {
  if (inArray) return `${parent}[${key}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

/**
 * Objects and arrays are walked (the query and the parameters are objects of the parser's own prototype);
 * a Buffer (a raw body) is bytes, not text, and is not.
 */
function isWalkable(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);
}

/**
 * The first string under `value` the database cannot store, as a sentence naming it, or null. `names` says
 * what to call a path that is not a field ('' is the value itself). Walked with an explicit stack rather
 * than recursion: a deeply nested body must neither overflow the call stack nor hide a NUL below a depth limit.
 */
export function findUnstorableText(value: unknown, names: Readonly<Record<string, string>>): string | null {
  const nameOf = (path: string) => names[path] ?? path;
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      const fault = faultOf(next.value);
      if (fault) return sentence(nameOf(next.path), fault);
      continue;
    }
    if (!isWalkable(next.value)) continue;
    const inArray = Array.isArray(next.value);
    // Reversed onto the stack, so fields are checked (and the first fault reported) in document order.
    for (const [key, child] of Object.entries(next.value).reverse()) {
      const keyFault = faultOf(key);
      if (keyFault) return sentence(`A field name in ${next.path === '' ? nameOf('').toLowerCase() : next.path}`, keyFault);
      pending.push({ value: child, path: childPath(next.path, key, inArray) });
    }
  }
  return null;
}

function check(request: FastifyRequest): string | null {
  for (const { part, names } of PARTS) {
    const problem = findUnstorableText(request[part], names);
    if (problem) return problem;
  }
  return null;
}

/** Registered as a preValidation hook: after the body is parsed, before the contract's schemas and the handler. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem = check(request);
    if (problem) throw new HttpError(400, problem, { errors: [{ code: 'text', detail: problem }] });
  });
}
