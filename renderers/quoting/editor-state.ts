import {
  RatingError,
  applyP250Change,
  createP250State,
  endorsementEligibility,
  p250StateOfRequest,
  type EndorsementAvailability,
  type P250Account,
  type P250State,
  type RaterDefinitions,
  type StoredQuoteRequest,
} from '../../engine/index.ts';
import { coverageEligibility } from './coverage-view.ts';

/** The risk the editor quotes: what getQuoteAccount answers. */
export interface EditorAccount {
  riskState?: string | null;
  industryCode?: string | null;
  revenue?: number | null;
  employees?: number | null;
  agencyId?: string | null;
  securityAnswers?: Record<string, unknown>;
}

export type EditorStart = { ok: true; state: P250State; eligibility: Map<number, EndorsementAvailability> } | { ok: false; message: string };

/**
 * The editor's first state for an account and product: the engine's quote state (product defaults and
 * preset, security answers applied), then every selected coverage the risk may not have (an endorsement
 * not sold in its state or to its industry) unselected through the engine's change, so the premium never
 * includes it. A risk the rater cannot quote answers why.
 */
export function startEditor(rater: RaterDefinitions, product: string, account: EditorAccount, today: string): EditorStart {
  return started(rater, product, account, (risk) => createP250State({ product, today, account: risk }, rater));
}

/**
 * The editor's first state for a quote's stored terms (an underwriter updating them): the request read back
 * by the engine, with the same eligibility as a new quote of the account.
 */
export function startEditorFromRequest(rater: RaterDefinitions, request: StoredQuoteRequest, account: EditorAccount, today: string): EditorStart {
  return started(rater, request.product, account, (risk) => p250StateOfRequest(request, risk, today, rater));
}

function started(rater: RaterDefinitions, product: string, account: EditorAccount, create: (risk: P250Account) => P250State): EditorStart {
  if (!account.riskState || !account.industryCode || !account.revenue) return { ok: false, message: 'Account needs more information to enable Request Quote' };
  const definition = rater.products.get(product);
  if (!definition) return { ok: false, message: `${rater.allProducts.get(product)?.title ?? product} is not offered here.` };
  try {
    let state = create({
      state: account.riskState,
      industryCode: account.industryCode,
      revenue: account.revenue,
      ...(account.employees ? { employees: account.employees } : {}),
      ...(account.agencyId ? { agencyId: account.agencyId } : {}),
      ...(account.securityAnswers && Object.keys(account.securityAnswers).length ? { securityQuestions: account.securityAnswers } : {}),
    });
    const eligibility = coverageEligibility(endorsementEligibility(definition, account.riskState, account.industryCode), rater.coverages.values());
    for (const [id, availability] of eligibility) {
      const coverage = state.coverages[id];
      if (!availability.eligible && coverage?.selected && !coverage.mandatory && !coverage.locked) {
        state = applyP250Change(state, { type: 'coverage', id, field: 'selected', value: false }, rater);
      }
    }
    return { ok: true, state, eligibility };
  } catch (error) {
    if (error instanceof RatingError) return { ok: false, message: error.message };
    throw error;
  }
}
