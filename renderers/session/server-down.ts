import { isApiError } from '../../api/api-error.ts';

/** No answer at all, or a gateway/maintenance answer: the server is down (the app then shows /serverdown). */
export function isServerDown(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return (error.status === 0 && !error.cancelled) || error.status === 502 || error.status === 503 || error.status === 504;
}
