import type { components } from '../../api/schema.d.ts';

export type BulkQuoteRequest = components['schemas']['BulkQuoteRequest'];

/** The agent asking: the signed-in user's name, e-mail and phone. */
export interface Requester {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
}

/** The account the cart is for, as quoting reads it. */
export interface CartAccount {
  id: string;
  agencyId?: string | null;
  riskState?: string | null;
  teamId?: string | null;
}

/** Florida asks for the retail agent (spec 002 section 3 Cart quote). */
export const RETAIL_AGENT_STATES: ReadonlySet<string> = new Set(['FL']);

export function needsRetailAgent(account: Pick<CartAccount, 'riskState'>): boolean {
  return RETAIL_AGENT_STATES.has(account.riskState ?? '');
}

/**
 * The Request Above Quotes payload (spec 002 section 3 'Bulk request payload: quoteIds, accountId,
 * agencyId, agent first name/last name/email/phone, retailAgent first/last name and licence number
 * (Florida), teamIds'). The retail agent goes only with a Florida account.
 */
export function bulkRequestOf(quoteIds: string[], account: CartAccount, agent: Requester, retailAgent?: Record<string, unknown>): BulkQuoteRequest {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  return {
    quoteIds,
    accountId: account.id,
    agencyId: account.agencyId ?? null,
    agentFirstName: text(agent.firstName),
    agentLastName: text(agent.lastName),
    agentEmail: text(agent.email),
    agentPhone: text(agent.phone),
    ...(needsRetailAgent(account) && retailAgent
      ? {
          retailAgentFirstName: text(retailAgent.retailAgentFirstName),
          retailAgentLastName: text(retailAgent.retailAgentLastName),
          retailAgentLicenseNumber: text(retailAgent.retailAgentLicenseNumber),
        }
      : {}),
    teamIds: account.teamId ? [account.teamId] : [],
  };
}

/**
 * The reasons of a refused request: each `errors[].message` of the 400 body. The server names a quote by its
 * id; the cart shows quote numbers, so a reason says the number of each quote of `cart` it names.
 */
export function refusalReasons(body: unknown, cart: ReadonlyArray<{ id: string; quoteNumber: string }> = []): string[] {
  const record = (body ?? {}) as { errors?: unknown; message?: unknown };
  const reasons = Array.isArray(record.errors)
    ? record.errors.map((item) => (item && typeof item === 'object' ? (item as { message?: unknown }).message : item)).filter((item): item is string => typeof item === 'string' && item !== '')
    : [];
  return reasons.map((reason) => cart.reduce((text, quote) => text.replaceAll(quote.id, quote.quoteNumber), reason));
}
