import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { apiKeyCredential, newApiKeyId, newApiKeySecret } from '../../auth/api-key-auth.ts';
import { resolveSessionContext } from '../../auth/session-context.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { forbidden, notFound } from '../../http/http-error.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import type { Caller, Services } from '../../services.ts';
import { deleteApiKeyRow, findVisibleApiKey, insertApiKey, replaceSecret, searchVisibleApiKeys, updateApiKeyRow, type ApiKey } from './repository.ts';

/** The keys' answers that are not the key form's own messages (those come from definitions/forms/api-key.json). */
export const API_KEY_ANSWERS = {
  notFound: 'API key not found.',
  removed: 'Successfully removed the API Key',
  notWhileJumped: 'An API key belongs to an organisation you are a member of: it cannot be made while you are inside another organisation.',
} as const;

/**
 * API keys (spec 001 sections 3, 7 and 8). The secret is made here, answered once (create and regenerate)
 * and stored only as its SHA-256 (server/auth/api-key-auth.ts checks it on every request). createApiKey and
 * updateApiKey are bound by definitions/forms/api-key.json. Every change is audited, never with a secret.
 */
export const handlers: HandlerModule = ({ db, clock }) => ({
  async listApiKeys(request) {
    return searchVisibleApiKeys(db, callerOf(request), request.query);
  },

  async getApiKey(request) {
    const key = await findVisibleApiKey(db, callerOf(request), request.params.keyId);
    if (!key) throw notFound(API_KEY_ANSWERS.notFound);
    return key;
  },

  async createApiKey(request, reply) {
    const caller = callerOf(request);
    await refuseUnlessMember({ db }, caller);
    const body = checkedBodyOf(request);
    const [name, description] = [String(body.name), body.description ?? null];
    const keyId = newApiKeyId();
    const { secret, hash } = newApiKeySecret();
    await db.transaction(async (tx) => {
      await insertApiKey(tx, { keyId, accountId: caller.accountId, name, description, secretHash: hash, createdBy: caller.userId, now: clock.now() });
      await audit(tx, clock, { actorUserId: caller.userId, action: 'api-key.create', target: keyId, address: request.ip, detail: { accountId: caller.accountId, name } });
    });
    const key = (await findVisibleApiKey(db, caller, keyId))!;
    return reply.code(201).send(withSecret(key, secret));
  },

  async updateApiKey(request) {
    const caller = callerOf(request);
    const body = checkedBodyOf(request);
    const [name, description] = [String(body.name), body.description ?? null];
    await db.transaction(async (tx) => {
      const key = await findVisibleApiKey(tx, caller, request.params.keyId, true);
      if (!key) throw notFound(API_KEY_ANSWERS.notFound);
      await updateApiKeyRow(tx, key.id, { name, description, now: clock.now() });
      await audit(tx, clock, {
        actorUserId: caller.userId, action: 'api-key.update', target: key.keyId, address: request.ip,
        detail: { accountId: key.accountId, ...(key.name === name ? {} : { name: { from: key.name, to: name } }), descriptionChanged: key.description !== description },
      });
    });
    return (await findVisibleApiKey(db, caller, request.params.keyId))!;
  },

  async regenerateApiKey(request) {
    const caller = callerOf(request);
    const { secret, hash } = newApiKeySecret();
    await db.transaction(async (tx) => {
      const key = await findVisibleApiKey(tx, caller, request.params.keyId, true);
      if (!key) throw notFound(API_KEY_ANSWERS.notFound);
      await replaceSecret(tx, key.id, hash, clock.now());
      await audit(tx, clock, { actorUserId: caller.userId, action: 'api-key.regenerate', target: key.keyId, address: request.ip, detail: { accountId: key.accountId, name: key.name } });
    });
    return withSecret((await findVisibleApiKey(db, caller, request.params.keyId))!, secret);
  },

  async deleteApiKey(request) {
    const caller = callerOf(request);
    await db.transaction(async (tx) => {
      const key = await findVisibleApiKey(tx, caller, request.params.keyId, true);
      if (!key) throw notFound(API_KEY_ANSWERS.notFound);
      await deleteApiKeyRow(tx, key.id);
      await audit(tx, clock, { actorUserId: caller.userId, action: 'api-key.delete', target: key.keyId, address: request.ip, detail: { accountId: key.accountId, name: key.name } });
    });
    return { message: API_KEY_ANSWERS.removed };
  },
});

function withSecret(key: ApiKey, secret: string) {
  return { ...key, secret, apiKey: apiKeyCredential(key.keyId, secret) };
}

/**
 * A key acts with its maker's role in the organisation (api-key-auth.ts), which a provider user jumped into
 * another organisation does not hold; such a key would never work, so it is not made.
 */
async function refuseUnlessMember({ db }: Pick<Services, 'db'>, caller: Caller): Promise<void> {
  if (caller.accountId === caller.homeAccountId) return;
  if (!(await resolveSessionContext(db, caller.userId, caller.accountId, { allowJump: false }))) throw forbidden(API_KEY_ANSWERS.notWhileJumped);
}
