import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { renderDocument } from '../documents/pdf-document.ts';

/**
 * The forms library of each edition for a development start: the usual form types and the policy forms of
 * the demo products, most with a specimen PDF attached (one of each edition without, to show the state).
 * Illustrative wordings, not filed forms. Deterministic for a given clock.
 */
const TYPES = [
  ['Declarations', 'The policy\'s declarations page: insured, period, limits, retentions and premium.'],
  ['Policy Wording', 'The insuring agreements, definitions, exclusions and conditions.'],
  ['Endorsement', 'Changes to the policy wording, at issue or mid-term.'],
  ['Notice', 'Notices the law requires with the policy (surplus lines, terrorism, privacy).'],
  ['Application', 'The proposal form the insured completes and signs.'],
] as const;

type Form = readonly [name: string, number: string, type: (typeof TYPES)[number][0], products: readonly string[], paper: readonly string[], attached: boolean];

const FORMS: Record<'us' | 'uk', readonly Form[]> = {
  us: [
    ['Cyber Policy Declarations', 'CY-DEC-001 (11/26)', 'Declarations', ['P100', 'P250', 'P250_S'], ['ADMITTED', 'SURPLUS'], true],
    ['Prime 250 Cyber Policy Wording', 'CY-P250-100 (11/26)', 'Policy Wording', ['P250', 'P250_S'], ['ADMITTED', 'SURPLUS'], true],
    ['Prime 100 Cyber Policy Wording', 'CY-P100-100 (05/26)', 'Policy Wording', ['P100', 'P100_PRO'], ['ADMITTED'], true],
    ['Prime 250 Excess Follow Form', 'CY-XS-200 (11/26)', 'Policy Wording', ['P250_EXCESS'], ['SURPLUS'], true],
    ['Tech E&O Policy Wording', 'TE-100 (11/26)', 'Policy Wording', ['PRIME_TECH', 'PRIME_TECH_PLUS'], ['ADMITTED'], true],
    ['Additional Insured Endorsement', 'CY-END-014 (11/26)', 'Endorsement', ['P100', 'P250', 'P250_S'], ['ADMITTED', 'SURPLUS'], true],
    ['Specified Event Exclusion', 'CY-END-031 (11/26)', 'Endorsement', ['P250', 'P250_S'], ['ADMITTED', 'SURPLUS'], false],
    ['Surplus Lines Notice (Louisiana)', 'SL-LA-001 (01/26)', 'Notice', ['P250_S', 'P250_EXCESS'], ['SURPLUS'], true],
    ['Terrorism Risk Insurance Act Disclosure', 'TRIA-001 (01/26)', 'Notice', ['P100', 'P250', 'P250_S'], ['ADMITTED', 'SURPLUS'], true],
    ['Cyber Insurance Application', 'CY-APP-001 (11/26)', 'Application', ['P100', 'P250', 'P250_S'], ['ADMITTED', 'SURPLUS'], true],
  ],
  uk: [
    ['Cyber Policy Schedule', 'UK-CY-SCH-001 (11/26)', 'Declarations', ['P_ONE', 'P_ONE_PLUS'], ['ADMITTED'], true],
    ['Prime One Policy Wording', 'UK-CY-P1-100 (11/26)', 'Policy Wording', ['P_ONE', 'P_ONE_PLUS'], ['ADMITTED'], true],
    ['Prime One Tech Policy Wording', 'UK-TE-100 (11/26)', 'Policy Wording', ['PRIME_ONE_TECH', 'PRIME_ONE_TECH_PLUS'], ['ADMITTED'], true],
    ['Additional Insured Endorsement', 'UK-CY-END-014 (11/26)', 'Endorsement', ['P_ONE', 'P_ONE_PLUS'], ['ADMITTED'], false],
    ['Data Protection Notice', 'UK-DPN-001 (01/26)', 'Notice', ['P_ONE', 'P_ONE_PLUS', 'PRIME_ONE_TECH', 'PRIME_ONE_TECH_PLUS'], ['ADMITTED'], true],
    ['Cyber Proposal Form', 'UK-CY-PRO-001 (11/26)', 'Application', ['P_ONE', 'P_ONE_PLUS'], ['ADMITTED'], true],
  ],
};

export async function seedDemoLibraryForms(tx: Queryable, clock: Clock): Promise<void> {
  const now = clock.now();
  for (const edition of ['us', 'uk'] as const) {
    const typeIds = new Map<string, string>();
    for (const [name, description] of TYPES) {
      const [row] = await tx.query<{ id: string }>(
        'INSERT INTO form_types (edition, name, description, created_at, modified_at) VALUES ($1, $2, $3, $4, $4) RETURNING id', [edition, name, description, now],
      );
      typeIds.set(name, row!.id);
    }
    for (const [name, number, type, products, paper, attached] of FORMS[edition]) {
      const specimen = attached
        ? Buffer.from(await renderDocument({ title: `${number} ${name}`, author: 'Cyber Console', footer: `${number} - specimen`, createdAt: now }, [
          { kind: 'heading', text: name },
          { kind: 'fields', fields: [['Form number', number], ['Form type', type], ['Products', products.join(', ')]] },
          { kind: 'paragraph', text: 'Specimen wording for illustration only; it is not a filed form and grants no cover.' },
        ]))
        : null;
      await tx.query(
        `INSERT INTO library_forms (edition, name, form_number, edition_date, form_type_id, product_types, supported_paper, file_name, file_type, size_bytes, content,
           attached_at, created_at, modified_at)
         VALUES ($1, $2, $3, $4::date, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)`,
        [edition, name, number, `20${number.slice(-3, -1)}-${number.slice(-6, -4)}-01`, typeIds.get(type), products, paper,
          specimen ? `${number.split(' ')[0]}.pdf` : null, specimen ? 'pdf' : null, specimen?.length ?? null, specimen, specimen ? now : null, now],
      );
    }
  }
}
