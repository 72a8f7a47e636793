import { todayIn } from '../../../engine/index.ts';
import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { timeZoneOf } from '../../form-check/request-rule-context.ts';
import { notFound } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import { agencyTenant } from '../commissions/commission-lists.ts';
import { COMMISSION_TEXTS } from '../commissions/commission-texts.ts';
import { agencyBilledInvoiceStats } from './invoice-stats.ts';

/**
 * Agency-billed invoice stats (spec 002 section 7 Billing: agencyBilledInvoices/stats): how many of the
 * invoices an agency owes on its agency-billed policies are paid, outstanding and overdue, and for how much,
 * per currency. An agency sees its own; provider staff every agency's, or one agency's with `agencyId`.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock } = services;

  /** An agency named by the request must be within reach: another answers like a missing one. */
  async function requireVisibleAgency(caller: Caller, agencyId: string): Promise<void> {
    const params = new SqlParams();
    const id = params.add(agencyId, 'uuid');
    const [agency] = await db.query<{ id: string }>(
      `SELECT ag.id FROM accounts ag WHERE ag.id = ${id} AND ag.account_type = 'AGENCY' AND ${agencyTenant(caller, 'ag.id', params)}`,
      params.values,
    );
    if (!agency) throw notFound(COMMISSION_TEXTS.agencyNotFound);
  }

  return {
    async getAgencyBilledInvoiceStats(request) {
      const caller = callerOf(request);
      const agencyId = request.query.agencyId ?? null;
      if (agencyId) await requireVisibleAgency(caller, agencyId);
      return agencyBilledInvoiceStats(db, caller, todayIn(clock.now(), timeZoneOf(request)), agencyId);
    },
  };
};
