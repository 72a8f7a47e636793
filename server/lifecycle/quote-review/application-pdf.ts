import { formatDate, formatMoney, type Edition } from '../../../engine/index.ts';
import { DOCUMENT_PROVIDER } from '../../constants.ts';
import type { AnsweredSection } from '../../documents/form-answers.ts';
import { renderDocument, type DocumentBlock } from '../../documents/pdf-document.ts';
import type { QuoteReview } from './review-record.ts';

/** One questionnaire as the application prints it: the form's title and its answered sections. */
export interface ApplicationQuestionnaire {
  title: string;
  sections: AnsweredSection[];
}

/** What the applicant declares by signing (the attestation's promise, in the application's words). */
export const APPLICATION_DECLARATION =
  'The applicant declares that, after enquiry, the statements and answers in this application are true and complete, and that it will report any material change in them before the policy is bound. This application forms the basis of any policy issued.';

/**
 * The application a quote was made on (spec 002 section 7: the application PDF link returns a link that is
 * then downloaded): the applicant's details, the cover requested with each chosen coverage, every answer of
 * the product's questionnaires in their own words, and whether and by whom it was signed. Made from the
 * review record, so it prints what the review page shows, in the quote's edition's words and currency.
 */
export async function quoteApplicationPdf(
  review: QuoteReview,
  productTitle: string,
  questionnaires: ApplicationQuestionnaire[],
  edition: Edition,
  madeAt: Date,
): Promise<Uint8Array> {
  const term = (word: string) => edition.terms?.[word] ?? word;
  const money = (value: number | string | null | undefined) => (value === null || value === undefined || value === '' ? '-' : formatMoney(Number(value), edition));
  const date = (value: string | null | undefined) => (value ? formatDate(String(value).slice(0, 10), edition.locale) : '-');
  const { account } = review;
  const answered = questionnaires.filter((questionnaire) => questionnaire.sections.length > 0);
  const blocks: DocumentBlock[] = [
    { kind: 'heading', text: 'Cyber Insurance Application' },
    { kind: 'paragraph', text: `${productTitle} - quote ${review.quoteNumber}` },
    { kind: 'subheading', text: 'The Applicant' },
    {
      kind: 'fields',
      fields: [
        [`${term('Organization')} Name`, review.companyName],
        ['Address', account.address || '-'],
        [term('City'), account.city ?? '-'],
        ...(edition.address.hasState ? [['State', account.state ?? '-'] as const] : []),
        [term('ZipCode'), account.zipCode ?? '-'],
        ['Primary Domain', account.domainName ?? '-'],
        [term('IndustryCode'), [account.industryCode, account.industryName].filter(Boolean).join(' - ') || '-'],
        [term('Revenue'), money(account.revenue)],
        ['Number of Employees', account.employees === null ? '-' : String(account.employees)],
        ['Year Established', account.yearEstablished === null ? '-' : String(account.yearEstablished)],
        [term('Agency'), review.agencyName ?? '-'],
      ],
    },
    { kind: 'subheading', text: 'Cover Requested' },
    {
      kind: 'fields',
      fields: [
        ['Policy Period', `${date(review.effectiveDate)} to ${date(review.endDate)}`],
        ['Aggregate Limit', money(review.aggLimit)],
        [term('Retention'), money(review.deductible)],
      ],
    },
    {
      kind: 'table',
      columns: ['Coverage', 'Limit', term('Retention')],
      rows: review.coverages.map((coverage) => [coverage.label, money(coverage.limit), money(coverage.retention)]),
    },
    ...answered.flatMap((questionnaire): DocumentBlock[] => [
      { kind: 'subheading', text: questionnaire.title },
      ...questionnaire.sections.map((section): DocumentBlock => ({ kind: 'table', columns: [section.title, 'Answer'], rows: section.rows })),
    ]),
    ...(answered.length === 0 ? [{ kind: 'paragraph', text: 'No underwriting questions have been answered for this account yet.' } as const] : []),
    { kind: 'subheading', text: 'Declaration' },
    { kind: 'paragraph', text: APPLICATION_DECLARATION },
    {
      kind: 'fields',
      fields: review.signedAt
        ? [['Signed By', review.signedName ?? '-'], ['Signed On', date(review.signedAt)]]
        : [['Signed By', 'Not yet signed']],
    },
  ];
  return renderDocument(
    { title: `Application ${review.quoteNumber}`, author: DOCUMENT_PROVIDER, footer: `${DOCUMENT_PROVIDER} - ${review.quoteNumber} - ${review.companyName}`, createdAt: madeAt },
    blocks,
  );
}
