import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { consumeLink, issueLink } from '../../auth/links.ts';
import { PROVIDER_ACCOUNT_TYPE, resolveSessionContext } from '../../auth/session-context.ts';
import { startSession } from '../../auth/sign-in.ts';
import { ENTER_TOKEN_TTL_MS } from '../../constants.ts';
import { HttpError, MESSAGES, forbidden, notFound } from '../../http/http-error.ts';
import { toAccountSummary, type AccountRow } from '../../repositories/accounts.ts';
import type { Services } from '../../services.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { personaById } from '../../../engine/index.ts';


export const JUMP_MESSAGES = {
  providerOnly: 'Only provider users can enter other accounts.',
  wrongArea: "The account is a {type} account; it cannot be entered through the '{persona}' area.",
  tokenInvalid: 'This link has expired or was used already. Please try again.',
} as const;

const ACCOUNT_COLUMNS = 'a.id, a.name, a.location_alias, a.account_type, a.edition, a.enforce_mfa, a.uw_enabled, a.npn, a.wizer_customer_id';

async function entryToken(services: Services, userId: string, account: { id: string; name: string; account_type: string }, kind: 'JUMP' | 'SWITCH') {
  const token = await issueLink(services.db, services.clock, { userId, purpose: 'ENTER', ttlMs: ENTER_TOKEN_TTL_MS, accountId: account.id, kind });
  return {
    token,
    expiresIn: Math.floor(ENTER_TOKEN_TTL_MS / 1000),
    accountId: account.id,
    accountName: account.name,
    accountType: account.account_type,
    url: `/loading/${token}?accountName=${encodeURIComponent(account.name)}`,
  };
}

/** Uses an entry token up and opens a session in its account; every failure is the same 404. */
async function exchange(services: Services, token: string, address: string, only?: 'JUMP') {
  const link = await services.db.transaction(async (tx) => {
    const used = await consumeLink(tx, services.clock, token, 'ENTER');
    if (used.status !== 'ok' || !used.link.account_id || (only && used.link.kind !== only)) throw notFound(JUMP_MESSAGES.tokenInvalid);
    return used.link;
  });
  const [user] = await services.db.query<{ status: string }>('SELECT status FROM users WHERE id = $1', [link.user_id]);
  if (user?.status !== 'ACTIVE') throw notFound(JUMP_MESSAGES.tokenInvalid);
  const tokens = await startSession(services, link.user_id, { accountId: link.account_id }).catch((error: unknown) => {
    throw error instanceof HttpError ? notFound(JUMP_MESSAGES.tokenInvalid) : error;
  });
  await audit(services.db, services.clock, {
    actorUserId: link.user_id, action: 'account.enter', target: link.account_id, detail: { kind: link.kind }, address,
  });
  return tokens;
}

/** Jumping (provider users into any account), switching (accounts the user belongs to), and the exchanges. */
export const handlers: HandlerModule = (services) => ({
  async listMyAccounts(request) {
    const caller = callerOf(request);
    const rows = await services.db.query<AccountRow & { home: boolean }>(
      `SELECT ${ACCOUNT_COLUMNS}, true AS home FROM accounts a WHERE a.id = $2
       UNION ALL
       SELECT ${ACCOUNT_COLUMNS}, false AS home FROM user_accounts ua JOIN accounts a ON a.id = ua.account_id
       WHERE ua.user_id = $1 AND ua.account_id <> $2
       ORDER BY home DESC, name`,
      [caller.userId, caller.homeAccountId],
    );
    return { content: rows.map(toAccountSummary) };
  },

  async createJumpToken(request) {
    const caller = callerOf(request);
    const { personaPath, accountId } = request.params;
    if (caller.subscriberType !== PROVIDER_ACCOUNT_TYPE) throw forbidden(JUMP_MESSAGES.providerOnly);
    const [account] = await services.db.query<{ id: string; name: string; account_type: string }>(
      'SELECT id, name, account_type FROM accounts WHERE id = $1', [accountId],
    );
    if (!account) throw notFound(MESSAGES.accountNotFound);
    // The area named in the path must be the account's own (the engine knows the areas and their aliases).
    if (personaById(personaPath)?.accountType !== account.account_type) {
      throw new HttpError(400, JUMP_MESSAGES.wrongArea.replace('{type}', account.account_type).replace('{persona}', personaPath));
    }
    const context = await resolveSessionContext(services.db, caller.userId, account.id);
    if (!context) throw forbidden(JUMP_MESSAGES.providerOnly);
    const answer = await entryToken(services, caller.userId, account, 'JUMP');
    await audit(services.db, services.clock, { actorUserId: caller.userId, action: 'account.jump-token', target: account.id, address: request.ip });
    return answer;
  },

  async createSwitchToken(request) {
    const caller = callerOf(request);
    const { accountId } = request.params;
    const context = await resolveSessionContext(services.db, caller.userId, accountId, { allowJump: false });
    if (!context) throw notFound(MESSAGES.accountNotFound);
    const [account] = await services.db.query<{ id: string; name: string; account_type: string }>(
      'SELECT id, name, account_type FROM accounts WHERE id = $1', [context.accountId],
    );
    if (!account) throw notFound(MESSAGES.accountNotFound);
    const answer = await entryToken(services, caller.userId, account, 'SWITCH');
    await audit(services.db, services.clock, { actorUserId: caller.userId, action: 'account.switch-token', target: account.id, address: request.ip });
    return answer;
  },

  async enterAdmin(request) {
    const { token } = request.params;
    return exchange(services, token, request.ip, 'JUMP');
  },

  async exchangeLoadingToken(request) {
    const { token } = request.params;
    return exchange(services, token, request.ip);
  },
});
