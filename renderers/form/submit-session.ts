import { focusField } from './field-ids.ts';
import type { FormSession } from './form-session.ts';

/**
 * A submit attempt: reveals every error; with errors, focuses the first invalid field and returns
 * undefined, otherwise returns the payload to send (hidden fields left out).
 */
export function submitSession(session: FormSession, idPrefix: string): Record<string, unknown> | undefined {
  if (session.attemptSubmit()) return session.payload();
  const path = session.firstInvalidPath();
  // After React paints the revealed messages, so the field scrolls into view with its message.
  if (path) requestAnimationFrame(() => focusField(idPrefix, path));
  return undefined;
}
