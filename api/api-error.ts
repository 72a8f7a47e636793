/**
 * The spec's general error rules (spec 000 section 8) as pure functions, and the custom error every failed
 * call is wrapped in.
 */
import { GENERAL_ERRORS } from './error-catalogue.ts';

/** Statuses whose answer is always the generic server-trouble text, whatever the body says. */
export const SERVER_TROUBLE_STATUSES: readonly number[] = [500, 502, 503, 504];
/** Statuses on an auth path that also raise the server-trouble event. */
export const AUTH_EVENT_STATUSES: readonly number[] = [500, 502];

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no answer came back (network failure or cancellation). */
  readonly status: number;
  /** The parsed JSON body, or the text body, or undefined. */
  readonly body: unknown;
  readonly cancelled: boolean;

  constructor(message: string, status: number, body?: unknown, cancelled = false) {
    super(message);
    this.status = status;
    this.body = body;
    this.cancelled = cancelled;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** '[AUTH-001] Bad thing' -> 'Bad thing'. Servers prefix details with a code in brackets; users see the text. */
export function stripBracketPrefix(text: string): string {
  return text.replace(/^\s*\[[^\]]*\]\s*/, '');
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function errorItemText(item: unknown): string | undefined {
  if (typeof item === 'string') return nonEmptyString(item);
  if (item && typeof item === 'object') {
    const record = item as Record<string, unknown>;
    return nonEmptyString(record.detail) ?? nonEmptyString(record.message) ?? nonEmptyString(record.code);
  }
  return undefined;
}

/**
 * The message for a failed answer, in the spec's order: the server-trouble text for 500/502/503/504; else
 * the detail (bracket prefix stripped); else the error details joined by commas; else the message or the
 * text body; else the fallback.
 */
export function messageForFailure(status: number, body: unknown): string {
  if (SERVER_TROUBLE_STATUSES.includes(status)) return GENERAL_ERRORS.serverTrouble;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    const detail = nonEmptyString(record.detail);
    if (detail) return stripBracketPrefix(detail);
    if (Array.isArray(record.errors)) {
      const texts = record.errors.map(errorItemText).filter((text): text is string => Boolean(text));
      if (texts.length > 0) return texts.join(', ');
    }
    const message = nonEmptyString(record.message);
    if (message) return message;
  }
  const text = nonEmptyString(body);
  if (text) return text;
  return GENERAL_ERRORS.fallback;
}

/** The error for a call that never got an answer: cancelled, or a network failure. */
export function errorForThrown(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const name = error && typeof error === 'object' ? (error as { name?: unknown }).name : undefined;
  if (name === 'AbortError') return new ApiError(GENERAL_ERRORS.cancelled, 0, undefined, true);
  return new ApiError(GENERAL_ERRORS.defaultApiError, 0);
}

/** A readable message for anything caught around an API call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return GENERAL_ERRORS.somethingWentWrong;
}

/** Reads a response body as JSON when it is JSON, else as text; undefined when empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
