import { formatDate, formatMoney, type Edition, type Schedule } from '../../../engine/index.ts';
import { DOCUMENT_PROVIDER, PAYEE_BANK_DETAILS } from '../../constants.ts';
import { renderDocument, type DocumentBlock } from '../../documents/pdf-document.ts';
import { scheduleChargesBlock } from '../../documents/schedule-blocks.ts';
import { mailingAddressLine } from '../shared/document-names.ts';
import type { PolicyRow } from '../policies/policy-repository.ts';


/** What the invoice says is owed: its number and due day, and the payer's share after any instalment plan. */
export interface InvoiceFigures {
  invoiceNumber: string;
  issuedOn: string;
  dueDate: string;
  amountPaid: string;
  balanceDue: string;
  /** The down payment of an accepted instalment plan, and who lends the rest; null when paid in full by the payer. */
  financing: { downPayment: string; financerName: string; financedAmount: string } | null;
}

/**
 * The premium invoice of a policy (spec 002 section 7 'GET invoice'): the policy's schedule of charges (the
 * premium with each fee and tax on its own line and the total), what was received, the balance and its due
 * day, and how to pay (online from the payment page, or by ACH or wire to the edition's premium account).
 * Rendered from the policy and its payments each time, so it can never disagree with them.
 */
export async function invoicePdf(policy: PolicyRow, schedule: Schedule, figures: InvoiceFigures, edition: Edition): Promise<Uint8Array> {
  const money = (value: string | number) => formatMoney(Number(value), edition);
  const date = (value: string) => formatDate(value.slice(0, 10), edition.locale);
  const term = (word: string) => edition.terms?.[word] ?? word;
  const bank = PAYEE_BANK_DETAILS[policy.edition];
  const blocks: DocumentBlock[] = [
    { kind: 'heading', text: `Invoice ${figures.invoiceNumber}` },
    { kind: 'paragraph', text: `Premium for ${policy.company_name}'s cyber policy ${policy.policy_number}, ${date(policy.effective_date)} to ${date(policy.end_date)}.` },
    {
      kind: 'fields',
      fields: [
        ['Invoice Number', figures.invoiceNumber],
        ['Invoice Date', date(figures.issuedOn)],
        ['Due Date', date(figures.dueDate)],
        ['Policy Number', policy.policy_number],
      ],
    },
    { kind: 'subheading', text: 'Bill To' },
    {
      kind: 'fields',
      fields: [
        [`${term('Organization')} Name`, policy.company_name],
        ...(policy.mailing_address ? [['Mailing Address', mailingAddressLine(policy.mailing_address)] as [string, string]] : []),
        ['Policy Contact', `${policy.contact_first_name} ${policy.contact_last_name} (${policy.contact_email})`],
        [term('Agency'), policy.agency_name],
      ],
    },
    { kind: 'subheading', text: 'Charges' },
    scheduleChargesBlock(schedule, edition),
    {
      kind: 'fields',
      fields: [
        ...(figures.financing
          ? [
            ['Financed by', figures.financing.financerName] as [string, string],
            ['Amount Financed', money(figures.financing.financedAmount)] as [string, string],
            ['Down Payment Due', money(figures.financing.downPayment)] as [string, string],
          ]
          : []),
        ['Amount Paid', money(figures.amountPaid)],
        ['Balance Due', money(figures.balanceDue)],
      ],
    },
    { kind: 'subheading', text: 'How to Pay' },
    { kind: 'paragraph', text: `Pay online from the policy's payment page by card or bank account, or by ACH or wire transfer quoting ${figures.invoiceNumber}:` },
    {
      kind: 'fields',
      fields: [
        ['Bank', bank.bank],
        ['Account Name', bank.accountName],
        [term('Routing Number'), bank.routing],
        ['Account Number', bank.account],
        ['SWIFT', bank.swift],
        ['Questions', `${bank.email}, ${bank.phone}`],
      ],
    },
  ];
  return renderDocument(
    { title: `Invoice ${figures.invoiceNumber}`, author: DOCUMENT_PROVIDER, footer: `${DOCUMENT_PROVIDER} - ${bank.address} - ${figures.invoiceNumber}`, createdAt: new Date(policy.issued_at) },
    blocks,
  );
}
