import { audit } from '../audit.ts';
import { HttpError } from '../http/http-error.ts';
import type { Queryable } from '../db/database.ts';
import type { Services } from '../services.ts';
import { DEMO_PASSWORD } from '../constants.ts';
import { checkPassword } from './password-rules.ts';
import { revokeUserSessions } from './refresh-tokens.ts';

export const PASSWORD_SET_MESSAGES = {
  weak: 'The password does not meet the requirements: {rules}.',
  published: 'This password is published with the demo data of this product. Please choose another.',
} as const;

/**
 * Refuses a password that breaks the constraints with 400: the message lists the broken rules and `errors`
 * carries them as { code, detail }, the same items the live checklist shows.
 */
export function assertAcceptablePassword(password: string): void {
  // The demo password is printed in the README: nobody may choose it, so only seeded demo users carry it.
  if (password === DEMO_PASSWORD) {
    throw new HttpError(400, PASSWORD_SET_MESSAGES.published, { errors: [{ code: 'PASSWORD_PUBLISHED', detail: PASSWORD_SET_MESSAGES.published, field: 'password' }] });
  }
  const errors = checkPassword(password);
  if (errors.length > 0) {
    throw new HttpError(400, PASSWORD_SET_MESSAGES.weak.replace('{rules}', errors.map((error) => error.detail).join(', ')), {
      errors: errors.map((error) => ({ ...error, field: 'password' })),
    });
  }
}

/**
 * Stores a new password hash (hash it first, outside any transaction: it is slow by design), clears an
 * expiry, activates a pending user when asked, ends the user's other sessions and writes the audit log.
 */
export async function storePassword(
  tx: Queryable,
  services: Services,
  change: { userId: string; passwordHash: string; activate?: boolean; action: string; address?: string | null },
): Promise<void> {
  const now = services.clock.now();
  await tx.query(
    `UPDATE users SET password_hash = $2, password_changed_at = $3, password_expires_at = NULL, has_demo_password = false,
       status = CASE WHEN $4::boolean AND status = 'PENDING_VALIDATION' THEN 'ACTIVE' ELSE status END
     WHERE id = $1`,
    [change.userId, change.passwordHash, now, change.activate === true],
  );
  await revokeUserSessions(tx, services.clock, change.userId);
  await audit(tx, services.clock, { actorUserId: change.userId, action: change.action, target: change.userId, address: change.address });
}
