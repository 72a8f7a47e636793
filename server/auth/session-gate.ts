import type { FastifyRequest } from 'fastify';
import { audit } from '../audit.ts';
import type { ContractOperation } from '../contract/contract.ts';
import { HttpError, MESSAGES } from '../http/http-error.ts';
import type { Caller, Services } from '../services.ts';
import { authenticate } from './authenticate.ts';

export const GATE_MESSAGES = {
  mfaRequired: 'Your account requires multi-factor authentication. Please turn it on in your profile to continue.',
  workflowScope: 'This link opens only the page it was sent for. Please sign in to do anything else.',
  apiKeyScope: 'An API key cannot be used for this operation.',
} as const;

type Refusal = { reason: 'workflow-scope' | 'mfa-required' | 'api-key-scope' | 'permission'; message: string; code: string };

/**
 * What a session may call, decided in one place from the contract: a one-time-code workflow session only
 * the operations its flow lists (x-workflows), a session that must still turn MFA on only enrolment and the
 * shell (x-mfa-pending), an API key only operations with a permission, and everyone only what their role's
 * permissions allow (x-permission).
 */
export function refusalFor(caller: Caller, operation: ContractOperation): Refusal | null {
  if (caller.workflowFlow !== null && !operation.workflows.some((flow) => flow === '*' || flow === caller.workflowFlow)) {
    return { reason: 'workflow-scope', message: GATE_MESSAGES.workflowScope, code: 'WORKFLOW_SCOPE' };
  }
  if (caller.mfaPending && !operation.allowedBeforeMfa) {
    return { reason: 'mfa-required', message: GATE_MESSAGES.mfaRequired, code: 'MFA_REQUIRED' };
  }
  // An API key's permissions are already bounded (api-key-auth.ts); an operation open to any session (the
  // signed-in user's profile, sign-out, MFA) belongs to a person, never to a key.
  if (caller.apiKey && !operation.permission) {
    return { reason: 'api-key-scope', message: GATE_MESSAGES.apiKeyScope, code: 'API_KEY_SCOPE' };
  }
  if (operation.permission && !caller.permissions.has(operation.permission)) {
    return { reason: 'permission', message: MESSAGES.forbidden, code: 'FORBIDDEN' };
  }
  return null;
}

/** Authenticates the request and admits it to the operation, or answers 401/403; every 403 is audited. */
export async function admit(services: Services, request: FastifyRequest, operation: ContractOperation): Promise<void> {
  const caller = await authenticate(services, request);
  const refusal = refusalFor(caller, operation);
  if (!refusal) return;
  await audit(services.db, services.clock, {
    actorUserId: caller.userId,
    action: 'access.denied',
    target: operation.operationId,
    detail: {
      reason: refusal.reason, permission: operation.permission, accountId: caller.accountId, workflow: caller.workflowFlow,
      ...(caller.apiKey ? { apiKey: caller.apiKey.keyId } : {}),
    },
    address: request.ip,
  });
  throw new HttpError(403, refusal.message, { errors: [{ code: refusal.code, detail: refusal.message }] });
}
