import type { FormActions } from '../../engine/index.ts';
import type { SessionSnapshot } from '../form/form-session.ts';

/**
 * Whether the definition's actions keep submit disabled: until something changed (feedback's 'Send'),
 * or while errors exist. Without either flag submit stays enabled and a press reveals the errors. A value
 * the server's check refused as it was typed (a domain) keeps submit disabled always.
 */
export function submitBlocked(actions: FormActions, snapshot: SessionSnapshot): boolean {
  return Boolean((actions.disableUntilDirty && !snapshot.dirty) || (actions.disableUntilValid && !snapshot.state.valid) || snapshot.blocked);
}
