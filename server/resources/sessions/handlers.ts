import { issueTokenPair, signIn } from '../../auth/sign-in.ts';
import { revokeRefreshToken, revokeUserSessions, rotateRefreshToken } from '../../auth/refresh-tokens.ts';
import { resolveSessionContext } from '../../auth/session-context.ts';
import { audit } from '../../audit.ts';
import { HttpError, MESSAGES } from '../../http/http-error.ts';
import type { HandlerModule } from '../../contract/handlers.ts';


export const REFRESH_MESSAGES = {
  invalid: 'Your session is no longer valid. Please sign in again.',
  reused: 'This session has been ended for your security. Please sign in again.',
} as const;

/** Sign-in, token refresh and log-out. */
export const handlers: HandlerModule = (services) => ({
  async login(request, reply) {
    // The login form (binding.submit) has checked this body already (server/form-check). Sign-in still reads
    // the body as sent, not checkedBodyOf: a password is taken as typed, and signing in must keep working
    // when a publish unbinds the form (staff sign in to repair definitions).
    const result = await signIn(services, request.body, request.ip);
    if (result.kind === 'mfa') return reply.code(307).send({ mfaType: result.mfaType, message: result.message });
    return reply.code(200).send(result.tokens);
  },

  async refreshToken(request, reply) {
    const { refreshToken } = request.body;
    const rotated = await rotateRefreshToken(services.db, services.clock, refreshToken);
    if (!rotated.ok) {
      if (rotated.reason === 'reused') {
        await audit(services.db, services.clock, {
          actorUserId: rotated.userId, action: 'session.refresh-reuse', target: rotated.familyId, address: request.ip,
        });
      }
      const message = rotated.reason === 'reused' ? REFRESH_MESSAGES.reused
        : rotated.reason === 'expired' ? MESSAGES.sessionExpired : REFRESH_MESSAGES.invalid;
      throw new HttpError(401, message);
    }
    const [user] = await services.db.query<{ id: string; status: string }>('SELECT id, status FROM users WHERE id = $1', [rotated.userId]);
    if (!user || user.status !== 'ACTIVE') {
      await revokeUserSessions(services.db, services.clock, rotated.userId);
      throw new HttpError(401, REFRESH_MESSAGES.invalid);
    }
    // The session continues in the account it entered, if the user may still reach it.
    const context = await resolveSessionContext(services.db, user.id, rotated.context.accountId ?? null);
    if (!context) {
      await revokeRefreshToken(services.db, services.clock, rotated.next.token);
      throw new HttpError(401, REFRESH_MESSAGES.invalid);
    }
    return reply.send(await issueTokenPair(services, user.id, rotated.next, context, rotated.context.workflowId ?? null));
  },

  async logout(request, reply) {
    const { refreshToken } = (request.body ?? {});
    if (refreshToken) {
      const userId = await revokeRefreshToken(services.db, services.clock, refreshToken);
      if (userId) await audit(services.db, services.clock, { actorUserId: userId, action: 'logout', address: request.ip });
    }
    return reply.code(204).send();
  },
});
