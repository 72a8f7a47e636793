/**
 * Writes the migrations that seed the industry-code lists (131 NAICS 2022, 132 UK SIC 2007) from the data files
 * in server/resources/industry-codes/lists/ (their README says where the lists come from). Run once when a list
 * is added: `npx tsx tests/scripts/industry-codes-migration.ts`. An applied migration never changes, so a later
 * edition of a list goes into a new migration.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readCodeList } from '../../server/resources/industry-codes/code-list.ts';

const resource = fileURLToPath(new URL('../../server/resources/industry-codes/', import.meta.url));

const LISTS = [
  {
    edition: 'us',
    file: 'naics-2022.csv',
    migration: '131_naics_2022_codes.sql',
    heading: 'NAICS 2022 (United States), every level: the US edition reads it (naicsCode).',
  },
  {
    edition: 'uk',
    file: 'uk-sic-2007.csv',
    migration: '132_uk_sic_2007_codes.sql',
    heading: 'UK SIC 2007, every division, group, class and subclass: the UK edition reads it (sicCode).',
  },
] as const;

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

for (const list of LISTS) {
  const rows = readCodeList(readFileSync(`${resource}lists/${list.file}`, 'utf8'));
  const values = rows.map((row) => `  (${literal(list.edition)}, ${literal(row.code)}, ${literal(row.title)})`);
  const sql = [
    `-- ${list.heading}`,
    `-- Written by tests/scripts/industry-codes-migration.ts from server/resources/industry-codes/lists/${list.file}`,
    '-- (provenance and licence in that folder\'s README.md). Codes an administrator has already added are kept.',
    'INSERT INTO industry_codes (edition, code, title) VALUES',
    `${values.join(',\n')}`,
    'ON CONFLICT (edition, code) DO NOTHING;',
    '',
  ].join('\n');
  writeFileSync(`${resource}migrations/${list.migration}`, sql);
  console.log(`${list.migration}: ${rows.length} codes`);
}
