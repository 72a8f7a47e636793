import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, MESSAGES } from './http-error.ts';
import { applySecurityHeaders } from './security-headers.ts';

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

const FORMAT_NAMES: Record<string, string> = {
  email: 'a valid email address',
  uuid: 'a valid identifier (UUID)',
  'date-time': 'a valid date and time',
  date: 'a valid date',
  uri: 'a valid URL',
};

function fieldName(issue: ValidationIssue, context: string | undefined): string {
  const pointer = (issue.instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean).join('.');
  if (issue.keyword === 'required' && typeof issue.params?.missingProperty === 'string') {
    return pointer ? `${pointer}.${issue.params.missingProperty}` : issue.params.missingProperty;
  }
  if (pointer) return pointer;
  return context === 'body' ? 'The request body' : context === 'querystring' ? 'The query' : (context ?? 'The request');
}

/** One validation issue as a sentence a person can read: 'username must be a valid email address'. */
export function describeIssue(issue: ValidationIssue, context?: string): string {
  const field = fieldName(issue, context);
  const params = issue.params ?? {};
  switch (issue.keyword) {
    case 'required':
      return `${field} is a required field`;
    case 'format':
      return `${field} must be ${FORMAT_NAMES[String(params.format)] ?? `in ${String(params.format)} format`}`;
    case 'additionalProperties':
      return `${field === 'The request body' ? 'The request body' : field} has an unknown field '${String(params.additionalProperty)}'`;
    case 'type':
      return `${field} must be ${String(params.type).replace(',', ' or ')}`;
    case 'minLength':
      return Number(params.limit) === 1 ? `${field} must not be empty` : `${field} must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `${field} must be at most ${String(params.limit)} characters`;
    case 'enum':
      return `${field} must be one of: ${(params.allowedValues as unknown[] | undefined)?.join(', ') ?? ''}`;
    case 'pattern':
      // A query parameter's pattern is the list of what it accepts ('sort' names its sortable fields), and the
      // caller is a program building an address: show it. A body field's pattern stays unsaid (forms have messages).
      return context === 'querystring' && typeof params.pattern === 'string'
        ? `${field} must match ${params.pattern}`
        : `${field} is not in the expected format`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${field} must be at least ${String(params.limit)}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${field} must be at most ${String(params.limit)}`;
    default:
      return `${field} ${issue.message ?? 'is invalid'}`;
  }
}

/**
 * Every failure leaves as the contract's Error body: validation failures as a 400 with a readable message,
 * expected failures with their own status and message, anything else as a 500 with the generic text. The
 * cause is logged; the stack never reaches the client.
 */
export function errorHandler(error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).headers(error.headers).send(error.body);
  }
  const fastifyError = error as FastifyError & { validation?: ValidationIssue[]; validationContext?: string };
  if (Array.isArray(fastifyError.validation)) {
    const messages = [...new Set(fastifyError.validation.map((issue) => describeIssue(issue, fastifyError.validationContext)))];
    return reply.code(400).send({
      message: messages.join('; '),
      errors: fastifyError.validation.map((issue) => ({ code: issue.keyword ?? 'invalid', detail: describeIssue(issue, fastifyError.validationContext) })),
    });
  }
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, unsupported media type, body too large): their messages are safe.
    const message = fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'The request body is not valid JSON.' : fastifyError.message;
    return reply.code(status).send({ message });
  }
  request.log.error({ err: error }, 'unexpected error');
  return reply.code(500).send({ message: MESSAGES.unexpected });
}

/** Texts for the failures Fastify meets while routing, before a route (and its hooks) is known. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid: it holds a malformed percent-encoding.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long.',
};

/**
 * Fastify's frameworkErrors handler: an address it cannot decode ('/api/%zz') or a path parameter beyond
 * its length limit is answered before any hook runs, by default as a body of Fastify's own shape without a
 * security header. This answers like every other failure: the contract's Error body, the security headers.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  applySecurityHeaders(request, reply);
  const message = FRAMEWORK_MESSAGES[error.code];
  if (!message) {
    request.log.error({ err: error }, 'unexpected routing error');
    reply.code(500).send({ message: MESSAGES.unexpected });
    return;
  }
  reply.code(error.statusCode ?? 400).send({ message });
}
