import { formatDate, formatMoney, type Edition, type RaterDefinitions } from '../../../engine/index.ts';
import { renderDocument, type DocumentBlock } from '../../documents/pdf-document.ts';
import type { QuoteDetailRow } from './repository.ts';
import { DOCUMENT_PROVIDER } from '../../constants.ts';


interface RequestedCoverage {
  selected?: boolean;
  limit?: number | null;
  deductible?: number | null;
  waitingPeriod?: number | null;
  retroActivePeriod?: number | null;
}

function retroText(period: number | null | undefined): string {
  if (period === null || period === undefined) return '-';
  if (period === -1) return 'Full Prior Acts';
  return period === 1 ? '1 year' : `${period} years`;
}

/** The chosen coverages of a quote as table rows (coverage, limit, retention, waiting period, retroactive period), in catalogue order. */
export function chosenCoverageRows(
  quote: Pick<QuoteDetailRow, 'request_data' | 'agg_limit' | 'deductible' | 'retro_active_period'>,
  rater: RaterDefinitions,
  money: (value: string | number | null | undefined) => string,
): string[][] {
  const request = quote.request_data as { coverages?: Record<string, RequestedCoverage> };
  return Object.entries(request.coverages ?? {})
    .filter(([, choice]) => choice.selected)
    .map(([id, choice]) => ({ id: Number(id), choice, coverage: rater.coverages.get(Number(id)) }))
    .sort((a, b) => (a.coverage?.group ?? 99) - (b.coverage?.group ?? 99) || (a.coverage?.order ?? 0) - (b.coverage?.order ?? 0))
    .map(({ id, choice, coverage }) => [
      coverage?.label ?? `Coverage ${id}`,
      money(choice.limit ?? quote.agg_limit),
      money(choice.deductible ?? quote.deductible),
      choice.waitingPeriod ? `${choice.waitingPeriod} hours` : '-',
      coverage?.retroLinked ? retroText(choice.retroActivePeriod ?? quote.retro_active_period ?? -1) : '-',
    ]);
}

/**
 * The quote proposal (spec 002 section 7 'download quote proposal'): who and what is quoted, the terms, every
 * chosen coverage with its limit and retention (excess in the UK), the premium with fees and taxes, and the
 * subjectivities, in the quote's edition's currency and words.
 */
export async function quoteProposalPdf(quote: QuoteDetailRow, rater: RaterDefinitions, edition: Edition): Promise<Uint8Array> {
  const money = (value: string | number | null | undefined) => (value === null || value === undefined ? '-' : formatMoney(Number(value), edition));
  const date = (value: string | Date | null) => (value ? formatDate(String(value).slice(0, 10), edition.locale) : '-');
  const term = (word: string) => edition.terms?.[word] ?? word;
  const product = rater.allProducts.get(quote.product);
  const coverageRows = chosenCoverageRows(quote, rater, money);
  const subjectivities = quote.subjectivities ?? [];
  const blocks: DocumentBlock[] = [
    { kind: 'heading', text: 'Quote Proposal' },
    { kind: 'paragraph', text: `${product?.title ?? quote.product} - quote ${quote.quote_number}` },
    { kind: 'subheading', text: `The ${term('Organization')}` },
    { kind: 'fields', fields: [[`${term('Organization')} Name`, quote.company_name], [term('Agency'), quote.agency_name], [term('Agent'), quote.agent_name ?? '-']] },
    { kind: 'subheading', text: 'Terms' },
    {
      kind: 'fields',
      fields: [
        ['Status', quote.status],
        ['Policy Period', `${date(quote.effective_date)} to ${date(quote.end_date)}`],
        ['Aggregate Limit', money(quote.agg_limit)],
        [term('Retention'), money(quote.deductible)],
        ['Waiting Period', quote.waiting_period ? `${quote.waiting_period} hours` : '-'],
        ['Retroactive Period', retroText(quote.retro_active_period)],
        ['Written As', quote.is_surplus ? 'Surplus lines' : 'Admitted'],
        ['Quote Valid Until', date(quote.expires_on)],
      ],
    },
    { kind: 'subheading', text: 'Coverages' },
    { kind: 'table', columns: ['Coverage', 'Limit', term('Retention'), 'Waiting Period', 'Retroactive Period'], rows: coverageRows },
    { kind: 'subheading', text: 'Premium' },
    {
      kind: 'fields',
      fields: [
        ['Premium', money(quote.premium)],
        ...(Number(quote.surplus_line_tax) > 0 ? [['Surplus Lines Tax', money(quote.surplus_line_tax)] as const] : []),
        ...(Number(quote.surplus_stamping_fee) > 0 ? [['Stamping Fee', money(quote.surplus_stamping_fee)] as const] : []),
        ...(Number(quote.broker_fee) > 0 ? [['Broker Fee', money(quote.broker_fee)] as const] : []),
        ['Total Premium', money(quote.total_premium)],
      ],
    },
    ...(subjectivities.length > 0 ? [{ kind: 'subheading', text: 'Subjectivities' } as const, { kind: 'table', columns: ['Subject to'], rows: subjectivities.map((text) => [text]) } as const] : []),
    {
      kind: 'paragraph',
      text: 'This proposal is an offer to insure on the terms above, subject to the policy wording and to no material change in the risk before binding. It is not a policy or a binder.',
    },
  ];
  return renderDocument(
    { title: `Quote Proposal ${quote.quote_number}`, author: DOCUMENT_PROVIDER, footer: `${DOCUMENT_PROVIDER} - ${quote.quote_number} - ${quote.company_name}`, createdAt: new Date(quote.modified_at) },
    blocks,
  );
}
