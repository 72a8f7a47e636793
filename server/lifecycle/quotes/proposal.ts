import { formatDate, formatMoney, type Edition, type RaterDefinitions } from '../../../engine/index.ts';
import { renderDocument, type DocumentBlock } from '../../documents/pdf-document.ts';
import { retroPeriodText, scheduleChargesBlock, scheduleCoverageBlock } from '../../documents/schedule-blocks.ts';
import type { QuoteDetailRow } from './repository.ts';
import { quoteScheduleOf } from '../schedule/quote-schedule.ts';
import { DOCUMENT_PROVIDER } from '../../constants.ts';



/**
 * The quote proposal (spec 002 section 7 'download quote proposal'): who and what is quoted, the terms, every
 * coverage of its schedule with the limit and retention (excess in the UK) it was rated at, the premium with each
 * fee and tax and the total, and the subjectivities, in the quote's edition's currency and words.
 */
export async function quoteProposalPdf(quote: QuoteDetailRow, rater: RaterDefinitions, edition: Edition): Promise<Uint8Array> {
  const money = (value: string | number | null | undefined) => (value === null || value === undefined ? '-' : formatMoney(Number(value), edition));
  const date = (value: string | Date | null) => (value ? formatDate(String(value).slice(0, 10), edition.locale) : '-');
  const term = (word: string) => edition.terms?.[word] ?? word;
  const product = rater.allProducts.get(quote.product);
  const schedule = quoteScheduleOf(quote, rater);
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
        ['Retroactive Period', retroPeriodText(quote.retro_active_period)],
        ...(quote.is_surplus ? [['Written As', 'Surplus lines'] as const] : []),
        ['Quote Valid Until', date(quote.expires_on)],
      ],
    },
    { kind: 'subheading', text: 'Coverages' },
    scheduleCoverageBlock(schedule, edition),
    { kind: 'subheading', text: 'Premium' },
    scheduleChargesBlock(schedule, edition),
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
