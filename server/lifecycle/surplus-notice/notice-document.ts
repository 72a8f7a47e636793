import { evaluateLogic, formatDate, formatMoney, type DetailBlock, type Edition, type EditionId, type PageDefinition, type Registry } from '../../../engine/index.ts';
import { renderDocument, type DocumentBlock } from '../../documents/pdf-document.ts';
import { DOCUMENT_PROVIDER } from '../../constants.ts';

const PAGE_ID = 'surplus-notice-page';

/** What the notice document prints: the page's record (getSurplusNotice's answer). */
export interface NoticeRecord {
  quoteNumber: string;
  companyName: string;
  agencyName: string;
  effectiveDate: string;
  endDate: string;
  premium: string;
  mgaFee: string;
  surplusLineTax: string;
  surplusStampingFee: string;
  finalPremium: string;
  state: string | null;
  noticeState: string | null;
  needsNotice: boolean;
  surplusNoticeAttested: boolean;
  attestedAt: string | null;
  attestedBy: string | null;
  attestedEmail: string | null;
  attestedLicense: string | null;
}

/**
 * The state notices the page shows for this record, read from the page definition itself (its detail block's
 * notices whose `when` holds over the record), so the document says word for word what the broker attested
 * on screen, and staff who change the wording change both.
 */
export function noticeTextsFor(registry: Registry, editionId: EditionId, record: NoticeRecord): string[] {
  const page = registry.resolve<PageDefinition>(PAGE_ID, editionId);
  const detail = page.blocks.find((block): block is DetailBlock => block.type === 'detail');
  const scope = { record: record as unknown as Record<string, unknown>, query: {}, route: {} };
  return (detail?.notices ?? [])
    .filter((notice) => Boolean(evaluateLogic(notice.when, scope)))
    .map((notice) => (typeof notice.text === 'string' ? notice.text : String(evaluateLogic(notice.text, scope) ?? '')))
    .filter((text) => text !== '');
}

/** The surplus lines notice of a quote as a PDF: the summary card, the state's notice and the broker's attestation. */
export async function surplusNoticePdf(record: NoticeRecord, notices: readonly string[], edition: Edition, createdAt: Date): Promise<Uint8Array> {
  const money = (value: string) => formatMoney(Number(value), edition);
  const date = (value: string) => formatDate(value.slice(0, 10), edition.locale);
  const blocks: DocumentBlock[] = [
    { kind: 'heading', text: `Surplus Lines Notice${record.noticeState ? ` - ${record.noticeState}` : ''}` },
    { kind: 'paragraph', text: `Quote ${record.quoteNumber} for ${record.companyName}` },
    {
      kind: 'fields',
      fields: [
        ['Named Insured', record.companyName],
        ['Quote Number', record.quoteNumber],
        ['Effective Date', `${date(record.effectiveDate)} 12:01 AM`],
        ['Expiration Date', date(record.endDate)],
        ['Premium (without fees and taxes)', money(record.premium)],
        ['MGA Fee', money(record.mgaFee)],
        ['Surplus Lines Tax', money(record.surplusLineTax)],
        ['Surplus Stamping Fee', money(record.surplusStampingFee)],
        ['Surplus Compliance By', record.agencyName],
        ['Final Premium', money(record.finalPremium)],
      ],
    },
    ...notices.map((text) => ({ kind: 'paragraph', text }) as const),
    { kind: 'subheading', text: 'Attestation' },
    record.surplusNoticeAttested && record.attestedAt
      ? {
        kind: 'fields',
        fields: [
          ['Attested By', `${record.attestedBy ?? ''}${record.attestedEmail ? ` (${record.attestedEmail})` : ''}`],
          ['Surplus Lines Licence', record.attestedLicense ?? '-'],
          ['Attested On', date(record.attestedAt)],
        ],
      }
      : { kind: 'paragraph', text: 'Not yet attested: the surplus lines broker attests this notice before the quote is bound.' },
  ];
  return renderDocument(
    { title: `Surplus Lines Notice ${record.quoteNumber}`, author: DOCUMENT_PROVIDER, footer: `${DOCUMENT_PROVIDER} - ${record.quoteNumber} - surplus lines notice`, createdAt },
    blocks,
  );
}
