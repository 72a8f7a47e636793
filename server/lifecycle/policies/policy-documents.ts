import { formatDate, formatMoney, formatTimeOfDay, type Edition, type RaterDefinitions, type Schedule } from '../../../engine/index.ts';
import { renderDocument, type DocumentBlock } from '../../documents/pdf-document.ts';
import { scheduleChargesBlock, scheduleCoverageBlock } from '../../documents/schedule-blocks.ts';
import type { QuoteDetailRow } from '../quotes/repository.ts';
import type { PolicyRow } from './policy-repository.ts';
import { mailingAddressLine } from '../shared/document-names.ts';
import { DOCUMENT_PROVIDER, INCEPTION_TIME } from '../../constants.ts';


function wordsOf(edition: Edition) {
  return {
    money: (value: string | number | null | undefined) => (value === null || value === undefined ? '-' : formatMoney(Number(value), edition)),
    date: (value: string | null) => (value ? formatDate(value.slice(0, 10), edition.locale) : '-'),
    term: (word: string) => edition.terms?.[word] ?? word,
  };
}


/**
 * The policy declarations: who is insured, by whom, for what period, and the policy's schedule: every coverage
 * as rated and the premium with each fee and tax and the total. A cancellation prints its day and the premium
 * returned.
 */
export async function policyDeclarationsPdf(policy: PolicyRow, schedule: Schedule, rater: RaterDefinitions, edition: Edition): Promise<Uint8Array> {
  const { money, date, term } = wordsOf(edition);
  const product = rater.allProducts.get(policy.product);
  const blocks: DocumentBlock[] = [
    { kind: 'heading', text: 'Policy Declarations' },
    { kind: 'paragraph', text: `${product?.title ?? policy.product} - policy ${policy.policy_number}` },
    { kind: 'subheading', text: 'Named Insured' },
    {
      kind: 'fields',
      fields: [
        [`${term('Organization')} Name`, policy.company_name],
        ...(policy.mailing_address ? [['Mailing Address', mailingAddressLine(policy.mailing_address)] as [string, string]] : []),
        ['Policy Contact', `${policy.contact_first_name} ${policy.contact_last_name} (${policy.contact_email})`],
        [term('Agency'), policy.agency_name],
        [term('Agent'), policy.agent_name ?? '-'],
      ],
    },
    { kind: 'subheading', text: 'Policy' },
    {
      kind: 'fields',
      fields: [
        ['Policy Number', policy.policy_number],
        ['Status', policy.status],
        ['Policy Period', `${date(policy.effective_date)} to ${date(policy.end_date)}, ${formatTimeOfDay(INCEPTION_TIME, edition.locale)} local time at the insured's address`],
        ['Aggregate Limit', money(policy.agg_limit)],
        [term('Retention'), money(policy.deductible)],
        ...(policy.is_surplus ? [['Written As', 'Surplus lines'] as [string, string]] : []),
        ...(policy.cancellation_date ? [['Cancellation Date', date(policy.cancellation_date)] as [string, string], ['Return Premium', money(policy.return_premium)] as [string, string]] : []),
      ],
    },
    { kind: 'subheading', text: 'Coverages' },
    scheduleCoverageBlock(schedule, edition),
    { kind: 'subheading', text: 'Premium' },
    scheduleChargesBlock(schedule, edition),
    { kind: 'paragraph', text: 'These declarations form part of the policy, together with the policy wording and any endorsements issued with it. Policy documents are delivered electronically.' },
  ];
  return renderDocument(
    { title: `Policy ${policy.policy_number}`, author: DOCUMENT_PROVIDER, footer: `${DOCUMENT_PROVIDER} - ${policy.policy_number} - ${policy.company_name}`, createdAt: new Date(policy.modified_at) },
    blocks,
  );
}

/** The binder: evidence of cover from binding until the policy is issued or the binder expires, with the bound quote's schedule. */
export async function binderPdf(
  quote: QuoteDetailRow & { binder_number: string; binder_expires_on: string; bound_at: Date },
  schedule: Schedule,
  rater: RaterDefinitions,
  edition: Edition,
): Promise<Uint8Array> {
  const { money, date, term } = wordsOf(edition);
  const product = rater.allProducts.get(quote.product);
  const blocks: DocumentBlock[] = [
    { kind: 'heading', text: 'Binder of Insurance' },
    { kind: 'paragraph', text: `${product?.title ?? quote.product} - binder ${quote.binder_number} for quote ${quote.quote_number}` },
    {
      kind: 'fields',
      fields: [
        [`${term('Organization')} Name`, quote.company_name],
        [term('Agency'), quote.agency_name],
        ['Bound On', date(new Date(quote.bound_at).toISOString())],
        ['Binder Valid Until', date(quote.binder_expires_on)],
        ['Policy Period', `${date(String(quote.effective_date))} to ${date(String(quote.end_date))}`],
        ['Aggregate Limit', money(quote.agg_limit)],
        [term('Retention'), money(quote.deductible)],
      ],
    },
    { kind: 'subheading', text: 'Coverages' },
    scheduleCoverageBlock(schedule, edition),
    { kind: 'subheading', text: 'Premium' },
    scheduleChargesBlock(schedule, edition),
    { kind: 'paragraph', text: 'This binder provides cover on the terms above until the policy is issued or the binder expires, whichever comes first. It is replaced by the policy when the policy is issued.' },
  ];
  return renderDocument(
    { title: `Binder ${quote.binder_number}`, author: DOCUMENT_PROVIDER, footer: `${DOCUMENT_PROVIDER} - ${quote.binder_number} - ${quote.company_name}`, createdAt: new Date(quote.bound_at) },
    blocks,
  );
}

export interface CertificateHolder {
  /** Left out for the plain certificate's holder; the additional insured's certificate says what it is. */
  doc_type?: 'Certificate_Holder' | 'Additional_Insured';
  organization_name: string;
  address1: string;
  city: string;
  state: string | null;
  zip: string | null;
}

/**
 * The certificate of insurance: evidence that the policy exists, for whom, for what period and limits. With a
 * holder it names them (the certificate holder of spec 002 section 3), who is told of the cover but gains no
 * rights under the policy.
 */
export async function policyCertificatePdf(policy: PolicyRow, holder: CertificateHolder | null, issuedAt: Date, edition: Edition): Promise<Uint8Array> {
  const { money, date, term } = wordsOf(edition);
  const blocks: DocumentBlock[] = [
    { kind: 'heading', text: 'Certificate of Insurance' },
    { kind: 'paragraph', text: `This certifies that the policy below has been issued to the insured named, for the period shown. It confers no rights on the certificate holder and does not amend, extend or alter the cover of the policy.` },
    {
      kind: 'fields',
      fields: [
        ['Insured', policy.company_name],
        ['Policy Number', policy.policy_number],
        ['Status', policy.status],
        ['Policy Period', `${date(policy.effective_date)} to ${date(policy.end_date)}`],
        ['Aggregate Limit', money(policy.agg_limit)],
        [term('Retention'), money(policy.deductible)],
        [term('Agency'), policy.agency_name],
        ['Issued On', date(issuedAt.toISOString())],
      ],
    },
    ...(holder
      ? [
        { kind: 'subheading', text: holder.doc_type === 'Additional_Insured' ? 'Additional Insured' : 'Certificate Holder' } as const,
        ...(holder.doc_type === 'Additional_Insured'
          ? [{ kind: 'paragraph', text: `The ${term('organization')} below is an additional insured under the policy, for liability arising out of the named insured's operations, as the policy's additional insured endorsement provides.` } as const]
          : []),
        {
          kind: 'fields',
          fields: [
            [`${term('Organization')} Name`, holder.organization_name],
            ['Address', [holder.address1, holder.city, [holder.state, holder.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')],
          ],
        } as const,
      ]
      : []),
  ];
  return renderDocument(
    { title: `Certificate ${policy.policy_number}`, author: DOCUMENT_PROVIDER, footer: `${DOCUMENT_PROVIDER} - ${policy.policy_number} - certificate of insurance`, createdAt: issuedAt },
    blocks,
  );
}
