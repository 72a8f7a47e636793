import { formatDate, formatMoney, formatTimeOfDay, type Edition } from '../../../engine/index.ts';
import { DOCUMENT_PROVIDER, INCEPTION_TIME, NOC_REASONS } from '../../constants.ts';
import { renderDocument } from '../../documents/pdf-document.ts';
import type { PolicyRow } from '../../lifecycle/index.ts';


/** The notice of cancellation the policyholder receives: the policy, the reason, the day cover ends, and the premium returned. */
export async function noticeOfCancellationPdf(policy: PolicyRow, edition: Edition): Promise<Uint8Array> {
  const money = (value: string | null) => (value === null ? '-' : formatMoney(Number(value), edition));
  const date = (value: string | null) => (value ? formatDate(value.slice(0, 10), edition.locale) : '-');
  const reason = policy.noc_reason ? NOC_REASONS[policy.noc_reason]?.label ?? policy.noc_reason : '-';
  const issuedAt = policy.noc_issued_at ? new Date(policy.noc_issued_at) : new Date(policy.modified_at);
  return renderDocument(
    { title: `Notice of Cancellation ${policy.policy_number}`, author: DOCUMENT_PROVIDER, footer: `${DOCUMENT_PROVIDER} - ${policy.policy_number} - notice of cancellation`, createdAt: issuedAt },
    [
      { kind: 'heading', text: 'Notice of Cancellation' },
      { kind: 'paragraph', text: `To ${policy.contact_first_name} ${policy.contact_last_name}, ${policy.company_name}` },
      {
        kind: 'fields',
        fields: [
          ['Policy Number', policy.policy_number],
          ['Policy Period', `${date(policy.effective_date)} to ${date(policy.end_date)}`],
          ['Notice Given', date(issuedAt.toISOString())],
          ['Reason', reason],
          ['Cancellation Effective', `${date(policy.cancellation_date)}, ${formatTimeOfDay(INCEPTION_TIME, edition.locale)} local time at the insured's address`],
          ['Return Premium', money(policy.return_premium)],
          [`Producing ${edition.terms.Agency ?? 'Agency'}`, policy.agency_name],
        ],
      },
      {
        kind: 'paragraph',
        text: `You are notified that the policy named above will be cancelled on the effective date shown for the reason given. Cover under the policy ends at that time. ${policy.noc_reason === 'NON_PAYMENT' ? 'Payment of the premium due before that date will stop this cancellation.' : 'Contact your agent about this notice.'}`,
      },
    ],
  );
}
