import { addDays } from '../../../engine/index.ts';
import { ERP_PURCHASE_DAYS } from '../../constants.ts';
import type { PolicyRow } from '../../lifecycle/index.ts';
import { ERP_TEXTS } from './erp-texts.ts';

/**
 * Whether a policy's insured may buy an extended reporting period on `today`: the policy ended without
 * renewal (expired, or cancelled other than flat), no period was bought yet, and it is no more than
 * ERP_PURCHASE_DAYS after cover ended. Answers the day cover ended, or the sentence that says why not.
 */
export function erpEligibility(policy: PolicyRow, today: string, alreadyBought: boolean, formatDay: (iso: string) => string): { ok: true; endedOn: string } | { ok: false; reason: string } {
  if (['RENEWED', 'VOID', 'FLAT CANCELLED'].includes(policy.status)) return { ok: false, reason: ERP_TEXTS.renewedOrFlat };
  const endedOn = policy.status === 'EXPIRED' ? policy.end_date : policy.status === 'CANCELLED' ? policy.cancellation_date : null;
  if (!endedOn) return { ok: false, reason: ERP_TEXTS.notEnded };
  if (alreadyBought) return { ok: false, reason: ERP_TEXTS.alreadyBought };
  const lastDay = addDays(endedOn, ERP_PURCHASE_DAYS);
  if (today > lastDay) return { ok: false, reason: ERP_TEXTS.tooLate(formatDay(lastDay)) };
  return { ok: true, endedOn };
}
