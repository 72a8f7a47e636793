import {
  RatingError,
  applyP250Change,
  createP250State,
  endorsementEligibility,
  type EndorsementAvailability,
  type P250State,
  type RaterDefinitions,
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
  if (!account.riskState || !account.industryCode || !account.revenue) return { ok: false, message: 'Account needs more information to enable Request Quote' };
  const definition = rater.products.get(product);
  if (!definition) return { ok: false, message: `${rater.allProducts.get(product)?.title ?? product} is not offered here.` };
  try {
    let state = createP250State(
      {
        product,
        today,
        account: {
          state: account.riskState,
          industryCode: account.industryCode,
          revenue: account.revenue,
          ...(account.employees ? { employees: account.employees } : {}),
          ...(account.agencyId ? { agencyId: account.agencyId } : {}),
          ...(account.securityAnswers && Object.keys(account.securityAnswers).length ? { securityQuestions: account.securityAnswers } : {}),
        },
      },
      rater,
    );
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
