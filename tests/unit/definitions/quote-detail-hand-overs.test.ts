import { describe, expect, it } from 'vitest';
import { evaluateLogic, evaluateLogicMap, type DetailBlock, type PageDefinition } from '../../../engine/index.ts';
import { registry } from '../../support/registry.ts';

/**
 * The quote page's side of the hand-overs (issue 35), in both editions: the agent reads why underwriting
 * declined or rescinded (summary and description), sees a request to bind waiting on underwriting, the desk may
 * bind a requested quote, and the Bind dialog starts from the policy holder the quote names or, before it names
 * one, the account's policy contact.
 */
const EDITIONS = ['us', 'uk'] as const;

function detailOf(edition: (typeof EDITIONS)[number]): DetailBlock {
  const page = registry.resolve<PageDefinition>('quote-detail-page', edition);
  const block = page.blocks.find((candidate) => candidate.type === 'detail');
  if (!block) throw new Error('The quote page has no detail block');
  return block as DetailBlock;
}

function noticesFor(edition: (typeof EDITIONS)[number], record: Record<string, unknown>): Array<{ status: string; text: string }> {
  return (detailOf(edition).notices ?? [])
    .filter((notice) => Boolean(evaluateLogic(notice.when, { record })))
    .map((notice) => ({ status: notice.status, text: String(evaluateLogic(notice.text, { record }) ?? '') }));
}

const NOTICES = [
  {
    name: 'a decline with its description', record: { status: 'DECLINED', decision: { reasonSummary: 'Poor Claims History', reason: 'Three ransomware claims in two years' } },
    expected: [{ status: 'error', text: 'Declined by underwriting: Poor Claims History. Three ransomware claims in two years' }],
  },
  { name: 'a decline with its summary only', record: { status: 'DECLINED', decision: { reasonSummary: 'Error', reason: '' } }, expected: [{ status: 'error', text: 'Declined by underwriting: Error' }] },
  {
    name: 'a rescinded binder', record: { status: 'RESCIND', decision: { reasonSummary: 'Subjectivities not received' } },
    expected: [{ status: 'error', text: 'Binder rescinded by underwriting: Subjectivities not received' }],
  },
  { name: 'a request to bind', record: { status: 'REQUESTED', wraRequestToBind: true }, expected: [{ status: 'info', text: 'Request to bind sent: the quote is with underwriting to bind.' }] },
  { name: 'a Ready quote', record: { status: 'READY', wraRequestToBind: false }, expected: [] },
];

describe.each(EDITIONS)('the quote page hands over (%s)', (edition) => {
  it.each(NOTICES)('$name: the page says why', ({ record, expected }) => {
    expect(noticesFor(edition, record)).toEqual(expected);
  });

  it.each(['READY', 'REQUESTED', 'SIGNED'])('offers Bind Quote on a %s quote', (status) => {
    const bind = detailOf(edition).actions?.find((action) => action.id === 'bind');
    expect(evaluateLogic(bind!.when!, { record: { status } })).toBe(true);
  });

  it.each([
    {
      name: "the account's policy contact while the quote names none",
      row: { customerFirstName: null, policyContact: { firstName: 'Nina', lastName: 'Alvarez', email: 'nina@client.example', phone: '3035550171' } },
      expected: { customerFirstName: 'Nina', customerLastName: 'Alvarez', customerEmail: 'nina@client.example', customerPhone: '3035550171' },
    },
    { name: 'nothing when there is no contact', row: { policyContact: { firstName: null, lastName: null, email: null, phone: null } }, expected: {} },
  ])('the Bind dialog starts from $name', ({ row, expected }) => {
    const bind = detailOf(edition).actions?.find((action) => action.id === 'bind');
    expect(evaluateLogicMap(bind!.initialData, { row })).toEqual(expected);
  });
});
