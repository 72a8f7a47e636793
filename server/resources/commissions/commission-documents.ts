import { formatDate, formatMoney, type Edition } from '../../../engine/index.ts';
import { renderDocument } from '../../documents/pdf-document.ts';
import type { CommissionLine } from './commission-lists.ts';
import { DOCUMENT_PROVIDER } from '../../constants.ts';


export type CommissionDocumentKind = 'commissionStatement' | 'agencyBillInvoice';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export const monthName = (month: number) => MONTHS[month - 1]!;

/** 'Commission_Statement_Acme_Agency_2026-03.pdf' */
export function commissionDocumentFileName(kind: CommissionDocumentKind, agencyName: string, year: number, month: number): string {
  const what = kind === 'commissionStatement' ? 'Commission_Statement' : 'Agency_Bill_Invoice';
  return `${what}_${agencyName.replace(/[^A-Za-z0-9]+/g, '_')}_${year}-${String(month).padStart(2, '0')}.pdf`;
}

/** The document's date: its lines' last change, so an unchanged month renders the same bytes (document-versions.ts). */
const lastChangeOf = (lines: readonly CommissionLine[]) => new Date(Math.max(...lines.map((line) => Date.parse(line.modified))));

const sum = (lines: readonly CommissionLine[], pick: (line: CommissionLine) => string) =>
  (lines.reduce((total, line) => total + Math.round(Number(pick(line)) * 100), 0) / 100).toFixed(2);

/**
 * A month's commission statement (every line: policies issued earn the agency's rate on their premium,
 * cancellations give back the commission on the returned premium) or its agency-billed invoice (the
 * premium the agency collected on agency-billed policies, less its commission, owed to the provider).
 * Totals are added in cents.
 */
export async function commissionDocumentPdf(
  kind: CommissionDocumentKind,
  agency: { name: string },
  year: number,
  month: number,
  lines: readonly CommissionLine[],
  edition: Edition,
): Promise<Uint8Array> {
  const money = (value: string) => formatMoney(Number(value), edition);
  const date = (value: string) => formatDate(value, edition.locale);
  const term = (word: string) => edition.terms?.[word] ?? word;
  const period = `${monthName(month)} ${year}`;
  const statement = kind === 'commissionStatement';
  const title = statement ? `Commission Statement - ${period}` : `${term('Agency')} Bill Invoice - ${period}`;
  const columns = statement
    ? ['Date', 'Policy', term('Organization'), 'Type', 'Premium', 'Rate', 'Commission', 'Billing']
    : ['Date', 'Policy', term('Organization'), 'Type', 'Total Premium', 'Commission', 'Net Due'];
  const rows = lines.map((line) =>
    statement
      ? [date(line.transactionDate), line.policyNumber, line.companyName, line.lineType, money(line.commissionablePremium), `${line.commissionRate}%`, money(line.commissionsAmount), line.agencyBilled ? `${term('Agency')} billed` : 'Direct billed']
      : [date(line.transactionDate), line.policyNumber, line.companyName, line.lineType, money(line.totalPremium), money(line.commissionsAmount), money(line.netDue)],
  );
  const direct = lines.filter((line) => !line.agencyBilled);
  const totals: [string, string][] = statement
    ? [
        ['Commissionable Premium', money(sum(lines, (line) => line.commissionablePremium))],
        ['Commission Earned', money(sum(lines, (line) => line.commissionsAmount))],
        ['Commission Payable to You (direct billed)', money(sum(direct, (line) => line.commissionsAmount))],
      ]
    : [
        ['Total Premium Collected', money(sum(lines, (line) => line.totalPremium))],
        ['Commission Retained', money(sum(lines, (line) => line.commissionsAmount))],
        ['Amount Due', money(sum(lines, (line) => line.netDue))],
      ];
  return renderDocument({ title, author: DOCUMENT_PROVIDER, footer: `${DOCUMENT_PROVIDER} - ${agency.name} - ${period}`, createdAt: lastChangeOf(lines) }, [
    { kind: 'heading', text: title },
    { kind: 'paragraph', text: agency.name },
    { kind: 'fields', fields: [['Period', period], ['Lines', String(lines.length)], ...totals] },
    { kind: 'table', columns, rows },
    {
      kind: 'paragraph',
      text: statement
        ? 'Commission on direct-billed policies is deposited to the bank account you gave for commission payments.'
        : `Please remit the amount due within 30 days, quoting this invoice's ${term('agency')} and period.`,
    },
  ]);
}
