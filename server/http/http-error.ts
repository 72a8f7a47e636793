export interface ErrorBody {
  message: string;
  detail?: string;
  /** Faults by field: a form definition's refusal gives each field's `message` as the form shows it. */
  errors?: Array<{ code?: string; detail?: string; field?: string; message?: string }>;
}

/** An expected failure with the status and the body (Error schema of the contract) to answer with. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, message: string, extra: Partial<ErrorBody> = {}, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.body = { message, ...extra };
    this.headers = headers;
  }
}

export const MESSAGES = {
  authenticationRequired: 'Authentication required. Please sign in.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'The requested resource was not found.',
  accountNotFound: 'Account not found.',
  /** The spec's generic text for unexpected failures (spec 000 section 8); never a stack. */
  unexpected: 'An error has occurred. Please try again later.',
} as const;

export const unauthorized = (message: string = MESSAGES.authenticationRequired) => new HttpError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
